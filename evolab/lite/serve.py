"""A plain static web server for a built site (what GitHub Pages or any web host does; no Jupyter server)."""
from __future__ import annotations

import functools
import http.server


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/octet-stream"}

    def log_message(self, format, *args):      # quiet: a page asks for hundreds of files
        pass


def serve(directory, port=0, host="127.0.0.1") -> http.server.ThreadingHTTPServer:
    """A server of ``directory`` on ``host:port`` (0: any free port); call ``serve_forever()`` to run it."""
    return http.server.ThreadingHTTPServer((host, port), functools.partial(_Handler, directory=str(directory)))
