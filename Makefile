# tabbard build entry points.
#   make            release binaries and the bundled plugins
#   make test       every test (what CI runs)
#   make demo       a private bus, the daemon, and a walk through it with tabctl
#   make reliability  the long reliability runs (fuzzing, SIGKILL, faults, memory; docs/reliability.md)
#   make bench      the benchmarks (figures only; see docs/performance.md)
#   make install    the install layout of docs/architecture.md, under DESTDIR and PREFIX
#   make uninstall  removes what make install put there

SWIFT      ?= swift
SWIFTFLAGS ?=
PREFIX     ?= /usr/local
DESTDIR    ?=
# The build configuration of the binaries and plugins `plugins`, `install` and `demo` use.
CONFIG     ?= debug

.PHONY: all build deps test-deps test reliability demo bench bench-model bench-tabctl clean plugins release-plugins \
	install install-plugins uninstall

all: build release-plugins

deps:
	@scripts/install-deps build

test-deps:
	@scripts/install-deps test

build: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)

test: deps test-deps plugins
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	$(SWIFT) test --skip-build $(SWIFTFLAGS)
	scripts/check-deployment

# The reliability suite's long variants (docs/reliability.md): the same tests `make test` runs
# short, at full length. Takes several minutes.
reliability: deps test-deps plugins
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	TABBARD_RELIABILITY=long $(SWIFT) test --skip-build --filter ReliabilityTests $(SWIFTFLAGS)

# A private session bus, the daemon with the bundled plugins and a temporary state directory,
# then select, tap, badge, customize, More and follow with tabctl, drawing the bar after each
# step. Everything it starts is stopped on exit, Ctrl-C included.
demo: deps plugins
	$(SWIFT) build -c $(CONFIG) --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c $(CONFIG) --product tabctl $(SWIFTFLAGS)
	scripts/demo "$$($(SWIFT) build -c $(CONFIG) --show-bin-path $(SWIFTFLAGS))" $(PLUGIN_STAGE)

# D-Bus layer and daemon benchmarks in release mode, in their own scratch directory (the
# benchmark targets exist only when TABBARD_BENCHMARKS is set, so ordinary builds never
# compile them), then the model's.
BENCH_BUILD = TABBARD_BENCHMARKS=1 $(SWIFT) build -c release --scratch-path .build-bench $(SWIFTFLAGS)
bench: deps
	$(MAKE) plugins CONFIG=release PLUGIN_STAGE=$(BENCH_PLUGINS)
	$(BENCH_BUILD) --product bench-echo-c
	$(BENCH_BUILD) --product bench-same-work-c
	$(BENCH_BUILD) --product bench-subscribers
	$(BENCH_BUILD) --product dbus-bench
	$(BENCH_BUILD) --product tabbard
	$(BENCH_BUILD) --product daemon-bench
	.build-bench/release/dbus-bench
	.build-bench/release/daemon-bench --plugins $(BENCH_PLUGINS)
	$(MAKE) bench-model bench-tabctl

# What the model's requests cost at 10 and at 10,000 tabs (figures only).
bench-model: deps
	$(SWIFT) run -c release ModelBench

clean:
	rm -rf .build .build-bench

# Bundled plugins, each `.so` staged next to its manifest in PLUGIN_STAGE (the directory the
# daemon loads from in tests and in the demo). `install` replaces a staged file instead of
# rewriting it, so a running daemon that has it mapped is not disturbed.
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

release-plugins:
	$(MAKE) plugins CONFIG=release

# The install layout (docs/architecture.md). `make install` installs release builds;
# `make install CONFIG=debug` installs what `make test` built.
INSTALL_CONFIG = $(if $(filter command line,$(origin CONFIG)),$(CONFIG),release)
ROOT       = $(DESTDIR)$(PREFIX)
LIBEXECDIR = $(PREFIX)/libexec
SUBST      = sed -e 's|@LIBEXECDIR@|$(LIBEXECDIR)|g'

install: deps
	$(SWIFT) build -c $(INSTALL_CONFIG) --product tabbard $(SWIFTFLAGS)
	$(SWIFT) build -c $(INSTALL_CONFIG) --product tabctl $(SWIFTFLAGS)
	$(MAKE) plugins CONFIG=$(INSTALL_CONFIG)
	bin="$$($(SWIFT) build -c $(INSTALL_CONFIG) --show-bin-path $(SWIFTFLAGS))" && \
		install -D -m 0755 "$$bin/tabbard" $(ROOT)/libexec/tabbard && \
		install -D -m 0755 "$$bin/tabctl" $(ROOT)/bin/tabctl && \
		install -d $(ROOT)/share/bash-completion/completions $(ROOT)/share/zsh/site-functions \
			$(ROOT)/share/fish/vendor_completions.d && \
		"$$bin/tabctl" completions bash > $(ROOT)/share/bash-completion/completions/tabctl && \
		"$$bin/tabctl" completions zsh > $(ROOT)/share/zsh/site-functions/_tabctl && \
		"$$bin/tabctl" completions fish > $(ROOT)/share/fish/vendor_completions.d/tabctl.fish
	install -d $(ROOT)/lib/tabbard/plugins $(ROOT)/include/tabbard
	install -m 0644 $(PLUGIN_STAGE)/*.so $(PLUGIN_STAGE)/*.plugin $(ROOT)/lib/tabbard/plugins/
	install -m 0644 Sources/TabbardPluginABI/include/tabbard/plugin.h $(ROOT)/include/tabbard/
	install -D -m 0644 dbus/org.tabbard.TabBar1.xml $(ROOT)/share/dbus-1/interfaces/org.tabbard.TabBar1.xml
	install -D -m 0644 dbus/org.tabbard.TabBar1.Delegate.xml $(ROOT)/share/dbus-1/interfaces/org.tabbard.TabBar1.Delegate.xml
	install -D -m 0644 dbus/org.tabbard.TabBar1.conf $(ROOT)/share/dbus-1/system.d/org.tabbard.TabBar1.conf
	install -D -m 0644 dbus/system-services/org.tabbard.TabBar1.service $(ROOT)/share/dbus-1/system-services/org.tabbard.TabBar1.service
	install -d $(ROOT)/share/dbus-1/services $(ROOT)/lib/systemd/system $(ROOT)/lib/systemd/user $(ROOT)/lib/sysusers.d
	$(SUBST) dbus/services/org.tabbard.TabBar1.service.in > $(ROOT)/share/dbus-1/services/org.tabbard.TabBar1.service
	$(SUBST) systemd/tabbard.service.in > $(ROOT)/lib/systemd/system/tabbard.service
	$(SUBST) systemd/tabbard-user.service.in > $(ROOT)/lib/systemd/user/tabbard.service
	install -m 0644 systemd/tabbard.sysusers $(ROOT)/lib/sysusers.d/tabbard.conf

# Only the plugins and the header, for plugin authors working against a source tree.
install-plugins: release-plugins
	install -d $(ROOT)/lib/tabbard/plugins $(ROOT)/include/tabbard
	install -m 0644 $(PLUGIN_STAGE)/*.so $(PLUGIN_STAGE)/*.plugin $(ROOT)/lib/tabbard/plugins/
	install -m 0644 Sources/TabbardPluginABI/include/tabbard/plugin.h $(ROOT)/include/tabbard/

uninstall:
	rm -f $(ROOT)/libexec/tabbard $(ROOT)/bin/tabctl
	rm -f $(ROOT)/share/bash-completion/completions/tabctl $(ROOT)/share/zsh/site-functions/_tabctl \
		$(ROOT)/share/fish/vendor_completions.d/tabctl.fish
	rm -f $(ROOT)/lib/tabbard/plugins/libclock.so $(ROOT)/lib/tabbard/plugins/clock.plugin \
		$(ROOT)/lib/tabbard/plugins/libmedia.so $(ROOT)/lib/tabbard/plugins/media.plugin \
		$(ROOT)/lib/tabbard/plugins/libnotes.so $(ROOT)/lib/tabbard/plugins/notes.plugin
	-rmdir $(ROOT)/lib/tabbard/plugins $(ROOT)/lib/tabbard
	rm -f $(ROOT)/include/tabbard/plugin.h
	-rmdir $(ROOT)/include/tabbard
	rm -f $(ROOT)/share/dbus-1/interfaces/org.tabbard.TabBar1.xml $(ROOT)/share/dbus-1/interfaces/org.tabbard.TabBar1.Delegate.xml \
		$(ROOT)/share/dbus-1/system.d/org.tabbard.TabBar1.conf \
		$(ROOT)/share/dbus-1/system-services/org.tabbard.TabBar1.service \
		$(ROOT)/share/dbus-1/services/org.tabbard.TabBar1.service
	rm -f $(ROOT)/lib/systemd/system/tabbard.service $(ROOT)/lib/systemd/user/tabbard.service \
		$(ROOT)/lib/sysusers.d/tabbard.conf

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
