#!/usr/bin/env python3
"""A second loopback port standing in for an SSH tunnel (ssh -L).

forward.py LISTEN_ADDR LISTEN_PORT TO_ADDR TO_PORT: every connection to
the listening address is relayed to the target, both ways, as ssh -L
LISTEN_PORT:TO_ADDR:TO_PORT relays it. Stops by itself after 600 s.
"""
import os
import socket
import sys
import threading

# the shared helpers of tests/lib, leaving no bytecode in the tree
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
import listen  # noqa: E402


def pipe(src, dst):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def relay(conn, to):
    """conn and a new connection to TO, piped both ways."""
    try:
        out = socket.create_connection(to, timeout=10)
        out.settimeout(None)
    except OSError:
        conn.close()
        return
    threading.Thread(target=pipe, args=(out, conn), daemon=True).start()
    pipe(conn, out)


def main():
    la, lp, ta, tp = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    listen.serve(la, lp, 600, lambda conn: relay(conn, (ta, tp)))


if __name__ == "__main__":
    main()
