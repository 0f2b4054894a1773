# SPDX-License-Identifier: MIT
"""The listening side of the stand-ins the hosts suite starts
(tests/hosts/fakeserver.py, forward.py): one loop, written once."""
import socket
import threading


def serve(addr, port, idle, handle):
    """Listens on ADDR:PORT and says "ready" on standard output (the
    suite waits for it); each connection goes to handle(conn) in a thread
    of its own. Returns when no connection came for IDLE seconds, so that
    a stand-in the suite lost never outlives it for long."""
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((addr, port))
    srv.listen(16)
    srv.settimeout(idle)
    print("ready", flush=True)
    try:
        while True:
            conn, _ = srv.accept()
            threading.Thread(target=handle, args=(conn,), daemon=True).start()
    except socket.timeout:
        pass
