#!/usr/bin/env python3
"""A second loopback port standing in for an SSH tunnel (ssh -L).

forward.py LISTEN_ADDR LISTEN_PORT TO_ADDR TO_PORT: every connection to
the listening address is relayed to the target, both ways, as ssh -L
LISTEN_PORT:TO_ADDR:TO_PORT relays it. Stops by itself after 600 s.
"""
import socket
import sys
import threading


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


def main():
    la, lp, ta, tp = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((la, lp))
    srv.listen(16)
    srv.settimeout(600)
    print("ready", flush=True)
    try:
        while True:
            conn, _ = srv.accept()
            try:
                out = socket.create_connection((ta, tp), timeout=10)
                out.settimeout(None)
            except OSError:
                conn.close()
                continue
            for a, b in ((conn, out), (out, conn)):
                threading.Thread(target=pipe, args=(a, b),
                                 daemon=True).start()
    except socket.timeout:
        pass


if __name__ == "__main__":
    main()
