# tabbard build entry points.
#   make            release binaries and the bundled plugins
#   make test       every test (what CI runs); V=1 shows all of their output
#   make demo       a private bus, the daemon, and a walk through it with tabctl
#   make frontend   the reference GTK frontend (Examples/frontend-gtk) against the session's tabbard
#   make screenshots  docs/images/*.png, made by that frontend on a virtual display
#   make frontend-calls  the calls that frontend makes over a scripted run (a running stopwatch)
#   make reliability  the long reliability runs (fuzzing, SIGKILL, faults, memory; docs/reliability.md)
#   make bench      the benchmarks (figures only; see docs/performance.md)
#   make install    the install layout of docs/architecture.md, under DESTDIR and PREFIX
#   make uninstall  removes what make install put there
#   make deb        a Debian package of that layout, in .build/deb

SWIFT      ?= swift
SWIFTFLAGS ?=
PREFIX     ?= /usr/local
DESTDIR    ?=
# The build configuration of the binaries and plugins `plugins`, `install` and `demo` use.
CONFIG     ?= debug

.PHONY: all build deps test-deps test reliability demo frontend screenshots frontend-calls bench bench-model bench-tabctl bench-instructions bench-frontend bench-trace clean format format-check plugins test-plugins release-plugins \
	install uninstall deb

all: build release-plugins

# Every build here reads libdbus's pkg-config file from .build/pkgconfig: the system's without
# its -L, so that the release builds of tabbard and tabctl find the linker script that links
# libdbus statically (scripts/dbus-pkgconfig says why). `deps` writes it.
PKG_CONFIG_DIR := $(CURDIR)/.build/pkgconfig
ifeq ($(filter $(PKG_CONFIG_DIR),$(subst :, ,$(PKG_CONFIG_PATH))),)
export PKG_CONFIG_PATH := $(PKG_CONFIG_DIR)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif

deps:
	@scripts/install-deps build
	@scripts/dbus-pkgconfig $(PKG_CONFIG_DIR)

test-deps:
	@scripts/install-deps test

build: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)

# What `make test` shows: one line per suite, every failure in full, skips, and the closing
# lines of the tests and of the deployment checks (scripts/test-output); the whole output of each
# goes to .build/test-output/. `make test V=1` shows everything as it comes. The package has no
# XCTest tests, so XCTest's empty run is not started.
TEST_OUTPUT = $(if $(filter-out 0,$(V)),,scripts/test-output --log .build/test-output/$(1).log)

test: deps test-deps plugins test-plugins format-check
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	$(call TEST_OUTPUT,swift-test) $(SWIFT) test --skip-build --disable-xctest $(SWIFTFLAGS)
	$(call TEST_OUTPUT,check-deployment) scripts/check-deployment

# The code follows .swift-format (120 columns): `swift format lint` must report nothing.
# `make format` rewrites what it can; what it only reports is mended by hand.
FORMATTED = Package.swift Sources Tests Benchmarks Examples Plugins
format-check:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

# The reliability suite's long variants (docs/reliability.md): the same tests `make test` runs
# short, at full length. Takes several minutes.
reliability: deps test-deps plugins test-plugins
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	TABBARD_RELIABILITY=long $(SWIFT) test --skip-build --filter ReliabilityTests $(SWIFTFLAGS)

# A private session bus, the daemon with the bundled plugins and a temporary state directory,
# then select, tap, badge, customize, More and follow with tabctl, drawing the bar after each
# step. Everything it starts is stopped on exit, Ctrl-C included.
demo: deps plugins
	$(SWIFT) build -c $(CONFIG) --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c $(CONFIG) --product tabctl $(SWIFTFLAGS)
	scripts/demo "$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" $(PLUGIN_STAGE)

# The reference frontend (Examples/frontend-gtk): against ADDRESS when given, else the session
# bus's tabbard when one runs there, else a private bus and daemon started as `make demo` starts
# them, stopped when its window closes.
ADDRESS ?=
frontend: deps plugins
	@scripts/install-deps frontend
	$(SWIFT) build -c $(CONFIG) --product tabbard $(SWIFTFLAGS)
	Examples/frontend-gtk/run "$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" $(PLUGIN_STAGE) $(ADDRESS)

# The calls the reference frontend makes over a scripted run (SECONDS of a running stopwatch).
SECONDS_RUNNING = 180
frontend-calls: deps plugins
	@scripts/install-deps frontend
	$(SWIFT) build -c $(CONFIG) --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c $(CONFIG) --product tabctl $(SWIFTFLAGS)
	/usr/bin/python3 Examples/frontend-gtk/call_count.py "$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" \
		$(PLUGIN_STAGE) $(SECONDS_RUNNING)

# The pictures in docs/images: the reference frontend on a virtual display, driven with tabctl.
screenshots: deps plugins
	@scripts/install-deps frontend
	$(SWIFT) build -c $(CONFIG) --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c $(CONFIG) --product tabctl $(SWIFTFLAGS)
	/usr/bin/python3 Examples/frontend-gtk/screenshots.py "$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" \
		$(PLUGIN_STAGE) docs/images

# D-Bus layer and daemon benchmarks in release mode, in their own scratch directory (the
# benchmark targets exist only when TABBARD_BENCHMARKS is set, so ordinary builds never
# compile them), then the model's. The daemon's start and idle memory are measured on the
# build's daemon and on what `make install` ships (installed under BENCH_ROOT) alike.
BENCH_BUILD = TABBARD_BENCHMARKS=1 $(SWIFT) build -c release --scratch-path .build-bench $(SWIFTFLAGS)
bench: deps
	$(MAKE) plugins CONFIG=release PLUGIN_STAGE=$(BENCH_PLUGINS)
	$(BENCH_BUILD) --product bench-echo-c
	$(BENCH_BUILD) --product bench-same-work-c
	$(BENCH_BUILD) --product bench-subscribers
	$(BENCH_BUILD) --product dbus-bench
	$(BENCH_BUILD) --product tabbard
	$(BENCH_BUILD) --product daemon-bench
	$(MAKE) install CONFIG=release PREFIX=/usr DESTDIR=$(CURDIR)/$(BENCH_ROOT)
	.build-bench/release/dbus-bench
	.build-bench/release/daemon-bench --plugins $(BENCH_PLUGINS) --installed $(BENCH_ROOT)/usr
	$(MAKE) bench-model bench-tabctl bench-instructions bench-frontend

# What the model's requests cost at 10 and at 10,000 tabs (figures only).
bench-model: deps
	$(SWIFT) run -c release ModelBench

clean:
	rm -rf .build .build-bench

# Bundled plugins, each `.so` staged next to its manifest in PLUGIN_STAGE (the directory the
# daemon loads from in tests and in the demo). `install` replaces a staged file instead of
# rewriting it, so a running daemon that has it mapped is not disturbed.
PLUGIN_STAGE ?= .build/plugins
# Linked as every library the package ships is (Package.swift, `bindNow`): RELRO, symbols bound
# at load; release builds also with Debian's compiler hardening.
PLUGIN_HARDENING      = -Wl,-z,relro,-z,now
PLUGIN_CFLAGS_debug   = -g -O0 $(PLUGIN_HARDENING)
PLUGIN_CFLAGS_release = -O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong $(PLUGIN_HARDENING)

plugins: deps
	$(SWIFT) build -c $(CONFIG) --product clock $(SWIFTFLAGS)
	$(SWIFT) build -c $(CONFIG) --product media $(SWIFTFLAGS)
	mkdir -p $(PLUGIN_STAGE)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -shared -fPIC $(PLUGIN_CFLAGS_$(CONFIG)) \
		-I Sources/TabbardPluginABI/include -o $(PLUGIN_STAGE)/libnotes.so.tmp Plugins/notes/notes.c
	mv -f $(PLUGIN_STAGE)/libnotes.so.tmp $(PLUGIN_STAGE)/libnotes.so
	bin="$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" && \
		install -m 0644 "$$bin/libclock.so" "$$bin/libmedia.so" $(PLUGIN_STAGE)/
	install -m 0644 Plugins/clock/clock.plugin Plugins/media/media.plugin Plugins/notes/notes.plugin $(PLUGIN_STAGE)/

# Plugins only the tests load, staged apart from the bundled ones (a daemon given
# PLUGIN_STAGE must not find them): the Swift fault plugin of the isolation tests.
TEST_PLUGIN_STAGE = .build/test-plugins
test-plugins: deps
	$(SWIFT) build --product swiftfault $(SWIFTFLAGS)
	mkdir -p $(TEST_PLUGIN_STAGE)
	install -m 0644 "$$($(SWIFT) build --show-bin-path $(SWIFTFLAGS))/libswiftfault.so" Tests/Plugins/swiftfault/swiftfault.plugin \
		$(TEST_PLUGIN_STAGE)/

release-plugins:
	$(MAKE) plugins CONFIG=release

# The install layout (docs/architecture.md), by scripts/install: programs, plugins, the
# private Swift runtime (stripped, found through $ORIGIN-relative RUNPATHs), the plugin SDK,
# and the service files where systemd and D-Bus look for them. `make install` installs
# release builds; `make install CONFIG=debug` installs what `make test` built. SCOPE=user
# installs nothing system-wide (the default for a PREFIX under $HOME).
INSTALL_CONFIG = $(if $(filter command line,$(origin CONFIG)),$(CONFIG),release)
INSTALL_ENV    = PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" $(if $(SCOPE),SCOPE="$(SCOPE)")
# Plugins are staged apart from PLUGIN_STAGE, which the tests and the demo use.
INSTALL_STAGE  = .build/plugins-$(INSTALL_CONFIG)

install: deps
	@scripts/install-deps install
	$(SWIFT) build -c $(INSTALL_CONFIG) --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c $(INSTALL_CONFIG) --product tabctl $(SWIFTFLAGS)
	$(MAKE) plugins CONFIG=$(INSTALL_CONFIG) PLUGIN_STAGE=$(INSTALL_STAGE)
	$(INSTALL_ENV) scripts/install install "$$($(SWIFT) build -c $(INSTALL_CONFIG) --show-bin-path $(SWIFTFLAGS))" $(INSTALL_STAGE)

uninstall:
	$(INSTALL_ENV) scripts/install uninstall

# A Debian package of the installed tree (packaging/debian), in .build/deb: release builds
# unless CONFIG is given.
deb: deps
	@scripts/install-deps package
	rm -rf .build/deb/root
	$(MAKE) install CONFIG=$(INSTALL_CONFIG) PREFIX=/usr DESTDIR=$(CURDIR)/.build/deb/root SCOPE=system
	scripts/make-deb .build/deb/root .build/deb

# Instructions per Select and SetBadge, tabbard against the same work in C, counted by callgrind
# (figures only): what load does not distort. Debian's python3, which has dbus-python.
# INSTRUCTIONS_FLAGS=--views-only counts just tabbard with and without views, and the floor (VIEW-6).
INSTRUCTIONS_FLAGS ?=
bench-instructions: deps
	@scripts/install-deps bench
	$(MAKE) plugins CONFIG=release PLUGIN_STAGE=$(BENCH_PLUGINS)
	$(BENCH_BUILD) --product bench-same-work-c
	$(BENCH_BUILD) --product tabbard
	/usr/bin/python3 Benchmarks/Instructions/request_instructions.py --tabbard .build-bench/release/tabbard \
		--same-work .build-bench/release/bench-same-work-c --plugins $(BENCH_PLUGINS) $(INSTRUCTIONS_FLAGS)

# Where a window-1 call's time goes on the loop thread: from the wake-up to the end of the
# call's read, to the first signal, to the reply and back into the wait, tabbard against the same work in C (built through
# libdbus's iterator, and written as bytes that libdbus parses, as tabbard's are), traced by
# perf (figures only; not part of `make bench`, as tracing needs perf's tracepoints).
bench-trace: deps
	@scripts/install-deps bench
	$(MAKE) plugins CONFIG=release PLUGIN_STAGE=$(BENCH_PLUGINS)
	$(BENCH_BUILD) --product bench-same-work-c
	$(BENCH_BUILD) --product tabbard
	/usr/bin/python3 Benchmarks/Trace/first_signal.py tabbard=.build-bench/release/tabbard \
		c=.build-bench/release/bench-same-work-c c-bytes=.build-bench/release/bench-same-work-c \
		--plugins $(BENCH_PLUGINS)

# tabctl as a whole process against dbus-send making the same call, on one private bus with a
# running daemon; and what process start alone costs. Figures only. Measured on what
# `make install` ships (release builds, stripped, the private runtime), installed under
# BENCH_ROOT; `make bench` stages its plugins in BENCH_PLUGINS. BASELINE_TABCTL=PATH times
# another tabctl build (an earlier tree's, installed the same way) in the same rounds.
BENCH_PLUGINS = .build/bench-plugins
BENCH_ROOT    = .build/bench-root

bench-tabctl: deps
	$(MAKE) install CONFIG=release PREFIX=/usr DESTDIR=$(CURDIR)/$(BENCH_ROOT)
	python3 Benchmarks/TabctlStart/tabctl_start.py --tabctl $(BENCH_ROOT)/usr/bin/tabctl \
		--tabbard $(BENCH_ROOT)/usr/bin/tabbard --plugins $(BENCH_ROOT)/usr/lib/tabbard/plugins \
		$(if $(BASELINE_TABCTL),--baseline-tabctl $(BASELINE_TABCTL))

# What a frontend that keeps in sync as docs/dbus-api.md says costs the bus: its calls and the
# messages it receives at start, per selection, per content change and while a shown stopwatch
# runs, and what GetPage of a 1,000-row page costs (figures only).
bench-frontend: deps
	@scripts/install-deps bench
	$(MAKE) install CONFIG=release PREFIX=/usr DESTDIR=$(CURDIR)/$(BENCH_ROOT)
	/usr/bin/python3 Benchmarks/Frontend/frontend_traffic.py --tabbard $(BENCH_ROOT)/usr/bin/tabbard \
		--plugins $(BENCH_ROOT)/usr/lib/tabbard/plugins
	/usr/bin/python3 Benchmarks/Frontend/page_cost.py --tabbard $(BENCH_ROOT)/usr/bin/tabbard
