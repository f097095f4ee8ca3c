# Part 1 of 2 of byte_identical.sh.
exec bash "$SRC/tests/distributed/byte_identical.sh" 1 2
