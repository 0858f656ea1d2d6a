# Run by IPython when the kernel of the browser version starts (PYTHONSTARTUP, set by `python -m evolab.lite build`):
# a chart package that cannot be loaded offline is reported in one plain line. It leaves no name behind.
__import__("evolab.lite.offline", fromlist=["install"]).install()
