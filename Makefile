# For tools that build engines with make, as OpenBench does (`make -j EXE=name [EVALFILE=net.bin]`).
# The default target builds the release binary and copies it to $(EXE). EVALFILE embeds another
# chess network in place of engine/data/chess_nnue.bin (any width the trainer writes).

EXE ?= triskel
EVALFILE ?=

ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
else
	SUFFIX :=
endif

.PHONY: all clean

all:
ifeq ($(EVALFILE),)
	cargo build --release --bin triskel
else
	TRISKEL_EVALFILE="$(abspath $(EVALFILE))" cargo build --release --bin triskel
endif
	mkdir -p "$(dir $(EXE))"
	cp target/release/triskel$(SUFFIX) $(EXE)$(SUFFIX)

clean:
	cargo clean
