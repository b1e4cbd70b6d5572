"""The engine and the computer player compiled to C at install, and the guard that keeps a
build made from an older source from running (no pygame, standard library only)."""
