"""``python -m evolab.lite build`` builds the site; ``python -m evolab.lite serve`` shows it on this computer."""
from __future__ import annotations

import argparse
import sys


def main(argv=None):
    from .build import ROOT, FetchError, LiteBuildError, build
    ap = argparse.ArgumentParser(prog="python -m evolab.lite", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the static JupyterLite site of the kit (PyPI and npm only)")
    b.add_argument("--output", default=str(ROOT / "_site"), help="where the site goes (default: _site)")
    b.add_argument("--cache", default=None, help="where downloads are kept (default: ~/.cache/evolab-lite)")
    s = sub.add_parser("serve", help="serve a built site on http://127.0.0.1 (a plain static server)")
    s.add_argument("--dir", default=str(ROOT / "_site"))
    s.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    if args.command == "build":
        try:
            build(args.output, args.cache)
        except LiteBuildError as e:
            print(f"evolab.lite: {e}", file=sys.stderr)
            sys.exit(3 if isinstance(e, FetchError) else 1)     # 3: a registry could not be reached
        print(f"Preview it with: python -m evolab.lite serve --dir {args.output}")
    else:
        from .serve import serve
        server = serve(args.dir, args.port)
        print(f"Serving {args.dir} at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            server.server_close()


if __name__ == "__main__":
    main()
