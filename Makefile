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

# A scripted walk through the model (select, taps with a veto, badges, More, customization,
# restore), printing the bar after each step.
demo: deps
	$(SWIFT) run -c release ModelTour

# What the model's requests cost at 10 and at 10,000 tabs (figures only).
bench-model: deps
	$(SWIFT) run -c release ModelBench

clean:
	rm -rf .build
