# Part 0 of 2 of byte_identical.sh.
exec bash "$SRC/tests/distributed/byte_identical.sh" 0 2
