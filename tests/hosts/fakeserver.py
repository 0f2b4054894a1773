#!/usr/bin/env python3
"""A stand-in for a fio server of another version, for the preflight tests.

fakeserver.py ADDR PORT MODE, MODE one of:
  fio-3.36  answers fio's probe only in protocol 101 (fio 3.36's), closes
            the connection on any other version, as fio's server does
  garbage   writes a line that is not fio's protocol, then closes
Stops by itself after 300 s.
"""
import os
import struct
import sys

# the shared helpers of tests/lib, leaving no bytecode in the tree
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
import listen  # noqa: E402


def crc16(data):
    crc = 0
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def reply(version, opcode, pdu):
    head = struct.pack("<HHIQI", version, opcode, 0, 0, len(pdu))
    return head + struct.pack("<HH", crc16(head), crc16(pdu)) + pdu


def serve(conn, mode):
    with conn:
        conn.settimeout(10)
        if mode == "garbage":
            conn.sendall(b"SSH-2.0-NotFio\r\n" + b"\0" * 40)
            return
        head = b""
        while len(head) < 24:
            chunk = conn.recv(24 - len(head))
            if not chunk:
                return
            head += chunk
        version, opcode = struct.unpack("<HH", head[:4])
        if version != 101 or opcode != 10:
            return  # fio: "bad server cmd version": connection closed
        pdu = struct.pack("<64sB32sBBBIQ", b"fakehost", 0, b"fio-3.36",
                          3, 2, 8, 2, 0)
        conn.sendall(reply(101, 10, pdu))


def main():
    addr, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    listen.serve(addr, port, 300, lambda conn: serve(conn, mode))


if __name__ == "__main__":
    main()
