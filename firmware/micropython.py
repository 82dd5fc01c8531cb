# CPython stand-in for MicroPython's built-in `micropython` module, so the firmware's modules
# import unchanged on the host. On a board the built-in module wins (built-ins come before the
# filesystem), and tools/deploy.py does not copy this file.


def const(x):
    return x


def native(f):
    return f


viper = native


def stack_use():
    return 0  # ai.search and app.app ask only on a board (_DEEP, _SAMPLE_DEEP)
