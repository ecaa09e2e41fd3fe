# For tools that build engines with make, as OpenBench does (`make -j EXE=name [EVALFILE=net.bin]`).
# The default target builds the release binary and copies it to $(EXE). EVALFILE embeds another
# chess network in place of engine/data/chess_nnue.bin (any width the trainer writes). FEATURES
# passes cargo features: `tune` lists the search's margins as UCI options for an SPSA tuning run
# (a tuning branch sets `FEATURES ?= tune` here, since OpenBench passes no variable; docs/tuning.md).

EXE ?= triskel
EVALFILE ?=
FEATURES ?=

ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
else
	SUFFIX :=
endif

.PHONY: all clean embedded embedded-cortex-m

all:
ifeq ($(EVALFILE),)
	cargo build --release --bin triskel --features "$(FEATURES)"
else
	TRISKEL_EVALFILE="$(abspath $(EVALFILE))" cargo build --release --bin triskel --features "$(FEATURES)"
endif
	mkdir -p "$(dir $(EXE))"
	cp target/release/triskel$(SUFFIX) $(EXE)$(SUFFIX)

clean:
	cargo clean

# The compact core as a microcontroller runs it, freestanding on this machine (x86-64 Linux): builds
# embedded/, runs its self-checks and prints `embedded: flash=N ram=M stack=S nodes=K ok`; exits
# non-zero if a check fails or the budget (128 KiB flash, 64 KiB RAM) is exceeded. docs/embedded.md.
embedded:
	cd embedded && cargo build --release
	embedded/target/release/embedded

# The same program built for a Cortex-M4F (thumbv7em-none-eabihf, embedded/cortex-m.x: 256 KiB of
# flash, 64 KiB of RAM) and run on QEMU's emulated STM32F405 board, printing through semihosting.
# Needs `rustup target add thumbv7em-none-eabihf` and qemu-system-arm (`.ci/install-cross`).
embedded-cortex-m:
	cd embedded && cargo build --release --target thumbv7em-none-eabihf
	qemu-system-arm -M netduinoplus2 -nographic -monitor none -serial none \
		-chardev stdio,id=console -semihosting-config enable=on,target=native,chardev=console \
		-kernel embedded/target/thumbv7em-none-eabihf/release/embedded
