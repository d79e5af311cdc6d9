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

# D-Bus layer benchmark: release build in its own scratch directory (the benchmark targets
# exist only when TABBARD_BENCHMARKS is set, so ordinary builds never compile them).
bench: deps
	TABBARD_BENCHMARKS=1 $(SWIFT) build -c release --scratch-path .build-bench --product bench-echo-c $(SWIFTFLAGS)
	TABBARD_BENCHMARKS=1 $(SWIFT) build -c release --scratch-path .build-bench --product dbus-bench $(SWIFTFLAGS)
	.build-bench/release/dbus-bench
