# halma: `make` builds ./halma, `make test` builds and runs every test, `make run` plays.
# See README.md. Dependencies are checked (and installed with apt-get when run as root)
# by scripts/deps.sh before anything is compiled.

PREFIX  ?= /usr/local
DESTDIR ?=
# Where `make install` puts the program and the man page (Debian's package: /usr/games).
bindir  ?= $(PREFIX)/bin
mandir  ?= $(PREFIX)/share/man
BINDIR   = $(DESTDIR)$(bindir)
MANDIR   = $(DESTDIR)$(mandir)/man6

CXX      ?= g++
CXXSTD   ?= -std=c++17
# -O3: the AI searches some 15% more positions a second than at -O2, and plays the same
# moves for the same positions searched (its arithmetic is integer).
OPT      ?= -O3
# The machine that builds halma is the one that runs it: where its processor counts bits in
# one instruction (x86-64 has since 2008), the bitboards use it instead of a library call.
ARCH     ?= $(shell grep -qsw popcnt /proc/cpuinfo && echo -mpopcnt)
WARN      = -Wall -Wextra -Wpedantic
# CPPFLAGS, CXXFLAGS, LDFLAGS and LDLIBS as given (by the environment, dpkg-buildflags or the
# command line) come first and are never changed here, so that a recursive make sees them as
# they were given rather than with this Makefile's flags added twice; ALL_* add its own.
HALMA_CPPFLAGS = -Iinclude -Isrc -MMD -MP
# Catch2 2.x is header-only: without root, unpack it anywhere and pass CATCH2_DIR=that/dir
# (the directory holding catch2/catch.hpp).
CATCH2_DIR ?=
ifneq ($(CATCH2_DIR),)
  HALMA_CPPFLAGS += -isystem $(CATCH2_DIR)
endif
export CATCH2_DIR
NCURSES_CFLAGS := $(shell pkg-config --cflags ncursesw 2>/dev/null)
NCURSES_LIBS   := $(shell pkg-config --libs ncursesw 2>/dev/null)
# The club keeps its games in SQLite (Debian's libsqlite3-dev).
SQLITE_CFLAGS  := $(shell pkg-config --cflags sqlite3 2>/dev/null)
SQLITE_LIBS    := $(shell pkg-config --libs sqlite3 2>/dev/null)
# Or in PostgreSQL, through libpq (Debian's libpq-dev).
PQ_CFLAGS      := $(shell pkg-config --cflags libpq 2>/dev/null)
PQ_LIBS        := $(shell pkg-config --libs libpq 2>/dev/null)
ALL_LDLIBS = $(LDLIBS) $(NCURSES_LIBS) $(SQLITE_LIBS) $(PQ_LIBS) -pthread -lutil

# One build directory per flavour, so the sanitizer build never mixes with the normal one.
FLAVOUR  ?= release
ifeq ($(FLAVOUR),sanitize)
  # GCC 12's -Wmaybe-uninitialized misfires on libstdc++'s <regex> (used by Catch2) under
  # the sanitizers' instrumentation; every other warning stays an error.
  # _GLIBCXX_ASSERTIONS checks bounds in the standard containers as well.
  EXTRA   = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
            -D_GLIBCXX_ASSERTIONS -Werror -Wno-maybe-uninitialized
  BUILD   = build/sanitize
  PROGRAM = $(BUILD)/halma
else ifeq ($(FLAVOUR),test)
  # Its own directory, so that `make` and `make test` in turn do not rebuild everything.
  EXTRA   = -Werror
  BUILD   = build/test
  PROGRAM = $(BUILD)/halma
else
  EXTRA   =
  BUILD   = build/release
  PROGRAM = halma
endif
ALL_CPPFLAGS = $(CPPFLAGS) $(HALMA_CPPFLAGS)
ALL_CXXFLAGS = $(CXXFLAGS) $(CXXSTD) $(OPT) $(ARCH) $(WARN) $(EXTRA) $(NCURSES_CFLAGS) $(SQLITE_CFLAGS) $(PQ_CFLAGS)
ALL_LDFLAGS  = $(LDFLAGS) $(filter -fsanitize%,$(EXTRA))

SRC       := $(wildcard src/*.cpp src/*/*.cpp)
APP_OBJ   := $(SRC:src/%.cpp=$(BUILD)/src/%.o)
LIB_OBJ   := $(filter-out $(BUILD)/src/main.o,$(APP_OBJ))
TEST_SRC  := $(wildcard tests/*.cpp)
TEST_OBJ  := $(TEST_SRC:tests/%.cpp=$(BUILD)/tests/%.o)
TOOL_SRC  := $(wildcard tools/*.cpp)
TOOLS     := $(TOOL_SRC:tools/%.cpp=$(BUILD)/tools/%)
TEST_BIN  := $(BUILD)/halma_tests

.PHONY: all deps test-deps fuzz-deps deb-deps program run test sanitize fuzz fuzzers bench install uninstall \
        clean format tools deb

# Compile in parallel across the machine's cores.
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)

# Every entry point checks the dependencies first, then builds in a fresh make so that
# pkg-config sees a just-installed ncursesw and sqlite3.
all: deps
	@$(MAKE) --no-print-directory -j$(JOBS) program

program: $(PROGRAM)

deps:
	@scripts/deps.sh build

test-deps:
	@scripts/deps.sh test

fuzz-deps:
	@scripts/deps.sh fuzz

deb-deps:
	@scripts/deps.sh deb

# Rebuild everything when the flags change (a stamp file holds the last ones used).
$(BUILD)/.flags: FORCE
	@mkdir -p $(BUILD)
	@echo '$(CXX) $(ALL_CXXFLAGS) $(ALL_CPPFLAGS) $(ALL_LDFLAGS)' | cmp -s - $@ || echo '$(CXX) $(ALL_CXXFLAGS) $(ALL_CPPFLAGS) $(ALL_LDFLAGS)' > $@
FORCE:

$(PROGRAM): $(APP_OBJ)
	$(CXX) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

$(BUILD)/src/%.o: src/%.cpp $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CXX) $(ALL_CPPFLAGS) $(ALL_CXXFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.cpp $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CXX) $(ALL_CPPFLAGS) $(ALL_CXXFLAGS) -c -o $@ $<

$(BUILD)/tools/%: tools/%.cpp $(LIB_OBJ) $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CXX) $(ALL_CPPFLAGS) $(ALL_CXXFLAGS) $(ALL_LDFLAGS) -o $@ $< $(LIB_OBJ) $(ALL_LDLIBS)

$(TEST_BIN): $(TEST_OBJ) $(LIB_OBJ)
	$(CXX) $(ALL_LDFLAGS) -o $@ $^ $(ALL_LDLIBS)

# The contrast table reads the measures the theme tests use.
$(BUILD)/tools/contrast: HALMA_CPPFLAGS += -Itests

tools: $(TOOLS)

run: all
	./halma

# Every test: the Catch2 suite and the scripted ones, ending with "N passed, N failed".
test: test-deps
	@$(MAKE) --no-print-directory -j$(JOBS) FLAVOUR=test program build/test/halma_tests tools
	@HALMA=$(abspath build/test/halma) BUILD=build/test scripts/run-tests.sh

# The same suite built with AddressSanitizer and UBSan; any finding fails it.
sanitize: test-deps
	@$(MAKE) --no-print-directory -j$(JOBS) FLAVOUR=sanitize program build/sanitize/halma_tests tools
	@HALMA=$(abspath build/sanitize/halma) BUILD=build/sanitize SANITIZE=1 scripts/run-tests.sh

# The libFuzzer targets of tests/fuzz/, built with clang; `make fuzz` runs each for
# FUZZ_SECONDS and fails on any finding (scripts/run-fuzz.sh keeps it as a regression).
FUZZ_SECONDS ?= 60
FUZZ_CXX     ?= clang++
FUZZ_BUILD    = build/fuzz
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.cpp,%,$(wildcard tests/fuzz/fuzz_*.cpp))
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)
# The fuzzers need the protocol, the record files, the command line and prompt readers, the
# settings and stats files, the network's wire format, the club's seeks and tournaments, its door and its dumps, the relay's hello, not the terminal
# front end nor the club's database: every
# source here stays curses-free. Each is compiled once for all the targets.
FUZZ_LIB_SRC := src/protocol/session.cpp src/files/record_file.cpp src/think/computer.cpp \
                src/think/race.cpp src/think/race_line.cpp src/think/analysis.cpp src/think/kept_analysis.cpp src/files/learned.cpp \
                src/settings/command_line.cpp src/play/prompt.cpp src/net/wire.cpp \
                src/settings/config_file.cpp src/files/stats.cpp src/files/paths.cpp \
                src/play/clocks.cpp \
                src/net/seek.cpp src/door/door.cpp src/club/table_chat.cpp src/net/relay.cpp src/net/rendezvous.cpp \
                src/store/dump.cpp src/tourney/words.cpp
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:src/%.cpp=$(FUZZ_BUILD)/src/%.o)
FUZZ_FLAGS    = $(CXXSTD) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
                -fno-omit-frame-pointer -D_GLIBCXX_ASSERTIONS $(WARN) -Iinclude -Isrc

fuzz: fuzz-deps
	@$(MAKE) --no-print-directory -j$(JOBS) fuzzers
	@FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_TARGETS)

fuzzers: $(FUZZ_BINS)

FUZZ_HEADERS := $(wildcard include/*.hpp include/halma/*.hpp include/halma/*/*.hpp src/*.hpp src/*/*.hpp \
                tests/fuzz/*.hpp)

$(FUZZ_BUILD)/src/%.o: src/%.cpp $(FUZZ_HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.cpp $(FUZZ_LIB_OBJ) $(FUZZ_HEADERS)
	@mkdir -p $(@D)
	$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB_OBJ) -pthread

bench: deps
	@$(MAKE) --no-print-directory program tools
	@HALMA=$(abspath $(PROGRAM)) BUILD=$(BUILD) scripts/bench.sh

# INSTALL_PROGRAM: a program already built to install instead of building ./halma (the man
# page's test installs the one under test rather than build the release flavour as well).
INSTALL_PROGRAM ?=
install: $(if $(INSTALL_PROGRAM),,all)
	install -d $(BINDIR) $(MANDIR)
	install -m 755 $(or $(INSTALL_PROGRAM),halma) $(BINDIR)/halma
	install -m 644 man/halma.6 $(MANDIR)/halma.6

uninstall:
	rm -f $(BINDIR)/halma $(MANDIR)/halma.6

# The Debian package (debian/): ../halma_VERSION_ARCH.deb, its unit tests run while it builds
# (DEB_BUILD_OPTIONS=nocheck skips them).
deb: deb-deps
	dpkg-buildpackage -us -uc -b

format:
	clang-format -i include/*.hpp include/halma/*.hpp include/halma/ai/*.hpp include/halma/solo/*.hpp \
	    src/*.cpp src/*/*.cpp src/*/*.hpp \
	    tests/*.cpp tests/*.hpp tests/fuzz/*.cpp tests/fuzz/*.hpp \
	    $(wildcard tools/*.cpp tools/*.hpp)

clean:
	rm -rf build halma

-include $(APP_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(TOOLS:=.d)
