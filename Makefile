# tabbard build entry points. `make` builds release binaries and plugins; `make test` runs
# every test (what CI runs); `make demo` shows the product working.

SWIFT      ?= swift
SWIFTFLAGS ?=

.PHONY: all build deps test-deps test demo bench bench-tabctl clean plugins release-plugins install-plugins

all: build

deps:
	@scripts/install-deps build

test-deps:
	@scripts/install-deps test

build: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)

test: deps test-deps plugins
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

# Bundled plugins, each `.so` staged next to its manifest in PLUGIN_STAGE (the directory the
# daemon loads from in tests and in the demo). Debug by default; `make plugins CONFIG=release`.
# `install` replaces a staged file instead of rewriting it, so a running daemon that has it
# mapped is not disturbed.
CONFIG       ?= debug
PLUGIN_STAGE ?= .build/plugins
PLUGIN_CFLAGS_debug   = -g -O0
PLUGIN_CFLAGS_release = -O2

plugins:
	$(SWIFT) build -c $(CONFIG) --product clock $(SWIFTFLAGS)
	$(SWIFT) build -c $(CONFIG) --product media $(SWIFTFLAGS)
	mkdir -p $(PLUGIN_STAGE)
	$(CC) -std=c11 -Wall -Wextra -Werror -shared -fPIC $(PLUGIN_CFLAGS_$(CONFIG)) \
		-I Sources/TabbardPluginABI/include -o $(PLUGIN_STAGE)/libnotes.so.tmp Plugins/notes/notes.c
	mv -f $(PLUGIN_STAGE)/libnotes.so.tmp $(PLUGIN_STAGE)/libnotes.so
	bin="$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" && \
		install -m 0644 "$$bin/libclock.so" "$$bin/libmedia.so" $(PLUGIN_STAGE)/
	install -m 0644 Plugins/clock/clock.plugin Plugins/media/media.plugin Plugins/notes/notes.plugin $(PLUGIN_STAGE)/

# `make` builds the bundled plugins too, in release like the binaries.
all: release-plugins
release-plugins:
	$(MAKE) plugins CONFIG=release

# Installs the staged plugins and the ABI header (the install layout of the architecture):
# PREFIX/lib/tabbard/plugins/*.so + manifests, PREFIX/include/tabbard/plugin.h.
PREFIX  ?= /usr/local
DESTDIR ?=

install-plugins: release-plugins
	install -d $(DESTDIR)$(PREFIX)/lib/tabbard/plugins $(DESTDIR)$(PREFIX)/include/tabbard
	install -m 0644 $(PLUGIN_STAGE)/*.so $(PLUGIN_STAGE)/*.plugin $(DESTDIR)$(PREFIX)/lib/tabbard/plugins/
	install -m 0644 Sources/TabbardPluginABI/include/tabbard/plugin.h $(DESTDIR)$(PREFIX)/include/tabbard/

# D-Bus layer benchmark: release build in its own scratch directory (the benchmark targets
# exist only when TABBARD_BENCHMARKS is set, so ordinary builds never compile them).
bench: deps bench-tabctl
	TABBARD_BENCHMARKS=1 $(SWIFT) build -c release --scratch-path .build-bench --product bench-echo-c $(SWIFTFLAGS)
	TABBARD_BENCHMARKS=1 $(SWIFT) build -c release --scratch-path .build-bench --product dbus-bench $(SWIFTFLAGS)
	.build-bench/release/dbus-bench

# tabctl as a whole process (release build) against dbus-send making the same call, on one
# private bus with a running daemon; and what process start alone costs. Figures only.
BENCH_PLUGINS = .build/bench-plugins

bench-tabctl: deps
	$(SWIFT) build -c release --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c release --product tabctl $(SWIFTFLAGS)
	$(MAKE) plugins CONFIG=release PLUGIN_STAGE=$(BENCH_PLUGINS)
	bin="$$($(SWIFT) build -c release --show-bin-path $(SWIFTFLAGS))" && \
		python3 Benchmarks/TabctlStart/tabctl_start.py --tabctl "$$bin/tabctl" --tabbard "$$bin/tabbard" \
		--plugins $(BENCH_PLUGINS)
