# tabbard build entry points. `make` builds release binaries and plugins; `make test` runs
# every test (what CI runs); `make demo` shows the product working.

SWIFT      ?= swift
SWIFTFLAGS ?=

.PHONY: all build deps test-deps test demo bench clean

all: build

deps:
	@scripts/install-deps build

test-deps:
	@scripts/install-deps test

build: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)

test: deps test-deps
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	$(SWIFT) test --skip-build $(SWIFTFLAGS)

clean:
	rm -rf .build
