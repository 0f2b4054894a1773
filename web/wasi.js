// A WASI (preview1) host for fioverdict.wasm in a page: the command's
// arguments and environment, a file system held in memory (the dropped
// files under /in, the catalog, what the command writes), standard output
// and error collected. Only what wasi-libc and fioverdict call; anything
// else answers ENOSYS. No network, no timers: the module runs to its end
// in one call.
'use strict';

const FvWasi = (() => {
	const E = { SUCCESS: 0, BADF: 8, EXIST: 20, INVAL: 28, ISDIR: 31,
		NOENT: 44, NOSYS: 52, NOTDIR: 54, NOTEMPTY: 55, SPIPE: 70 };
	const FT = { CHAR: 2, DIR: 3, FILE: 4 };
	const O = { CREAT: 1, DIRECTORY: 2, EXCL: 4, TRUNC: 8 };
	const APPEND = 1;
	const RIGHTS_ALL = 0x1fffffffn;
	const enc = new TextEncoder();

	class Exit extends Error {
		constructor(code) {
			super(`exit ${code}`);
			this.code = code;
		}
	}

	// "/a/./b/../c" -> "/a/c"
	function normal(path) {
		const out = [];
		for (const part of path.split('/')) {
			if (part === '' || part === '.') continue;
			if (part === '..') out.pop();
			else out.push(part);
		}
		return '/' + out.join('/');
	}

	// The file system: files (path -> Uint8Array) and folders (paths).
	class Fs {
		constructor() {
			this.files = new Map();
			this.dirs = new Set(['/']);
		}
		addDirs(path) {
			for (let p = normal(path); p !== '/'; p = p.replace(/\/[^/]*$/, '') || '/')
				this.dirs.add(p);
		}
		put(path, bytes) {
			path = normal(path);
			this.addDirs(path.replace(/\/[^/]*$/, '') || '/');
			this.files.set(path, bytes);
		}
		kind(path) {
			if (this.files.has(path)) return FT.FILE;
			if (this.dirs.has(path)) return FT.DIR;
			return 0;
		}
		// The names directly in a folder, sorted (readdir's order).
		list(dir) {
			const prefix = dir === '/' ? '/' : dir + '/';
			const names = new Set();
			for (const p of [...this.files.keys(), ...this.dirs])
				if (p !== dir && p.startsWith(prefix))
					names.add(p.slice(prefix.length).split('/')[0]);
			return [...names].sort();
		}
	}

	// One run of the module: its arguments, environment and streams.
	function imports(memory, fs, args, env, out, err) {
		const fds = new Map([
			[0, { kind: 'stream', data: [] }],
			[1, { kind: 'stream', data: out }],
			[2, { kind: 'stream', data: err }],
			[3, { kind: FT.DIR, path: '/', preopen: '/' }],
		]);
		let nextFd = 4;
		const view = () => new DataView(memory().buffer);
		const bytes = () => new Uint8Array(memory().buffer);
		const str = (ptr, len) =>
			new TextDecoder().decode(bytes().subarray(ptr, ptr + len));
		const at = (dirfd, ptr, len) => {
			const d = fds.get(dirfd);
			if (!d || d.kind !== FT.DIR) return null;
			const p = str(ptr, len);
			return normal(p.startsWith('/') ? p : d.path + '/' + p);
		};
		const strings = (list, ptrs, buf) => {
			const v = view();
			let off = buf;
			list.forEach((s, i) => {
				const b = enc.encode(s + '\0');
				v.setUint32(ptrs + 4 * i, off, true);
				bytes().set(b, off);
				off += b.length;
			});
			return E.SUCCESS;
		};
		const sizes = (list, countPtr, sizePtr) => {
			const v = view();
			v.setUint32(countPtr, list.length, true);
			v.setUint32(sizePtr, list.reduce((n, s) => n + enc.encode(s).length + 1, 0), true);
			return E.SUCCESS;
		};
		const envList = Object.entries(env).map(([k, v]) => `${k}=${v}`);
		// A number per path, as a file system's inode: fioverdict reads a
		// file or folder named twice, under two spellings, once.
		const inodes = new Map();
		const inode = (path) => {
			if (!inodes.has(path)) inodes.set(path, BigInt(inodes.size + 1));
			return inodes.get(path);
		};
		const filestat = (ptr, kind, size, path) => {
			const v = view();
			for (let i = 0; i < 64; i += 8) v.setBigUint64(ptr + i, 0n, true);
			if (path !== undefined) v.setBigUint64(ptr + 8, inode(path), true);
			v.setUint8(ptr + 16, kind);
			v.setBigUint64(ptr + 24, 1n, true);
			v.setBigUint64(ptr + 32, BigInt(size), true);
		};
		const iovs = (ptr, n) => {
			const v = view(), list = [];
			for (let i = 0; i < n; i++)
				list.push([v.getUint32(ptr + 8 * i, true), v.getUint32(ptr + 8 * i + 4, true)]);
			return list;
		};
		const readInto = (f, pos, list) => {
			let n = 0;
			for (const [buf, len] of list) {
				const chunk = f.data.subarray(pos + n, Math.min(f.data.length, pos + n + len));
				bytes().set(chunk, buf);
				n += chunk.length;
				if (chunk.length < len) break;
			}
			return n;
		};
		const write = (f, list) => {
			let n = 0;
			for (const [buf, len] of list) {
				const chunk = bytes().slice(buf, buf + len);
				if (f.kind === 'stream') {
					f.data.push(chunk);
				} else {
					const pos = f.append ? f.data.length : f.pos;
					const need = pos + chunk.length;
					if (need > f.data.length) {
						const grown = new Uint8Array(Math.max(need, f.data.length * 2));
						grown.set(f.data);
						f.data = grown.subarray(0, need);
					}
					f.data.set(chunk, pos);
					f.pos = pos + chunk.length;
					fs.files.set(f.path, f.data);
				}
				n += len;
			}
			return n;
		};

		const wasi = {
			args_get: (p, b) => strings(args, p, b),
			args_sizes_get: (c, s) => sizes(args, c, s),
			environ_get: (p, b) => strings(envList, p, b),
			environ_sizes_get: (c, s) => sizes(envList, c, s),
			clock_res_get: (id, ptr) => {
				view().setBigUint64(ptr, 1000n, true);
				return E.SUCCESS;
			},
			clock_time_get: (id, precision, ptr) => {
				const ns = id === 0
					? BigInt(Date.now()) * 1000000n
					: BigInt(Math.round(performance.now() * 1e6));
				view().setBigUint64(ptr, ns, true);
				return E.SUCCESS;
			},
			fd_prestat_get: (fd, ptr) => {
				const f = fds.get(fd);
				if (!f || !f.preopen) return E.BADF;
				view().setUint8(ptr, 0);
				view().setUint32(ptr + 4, enc.encode(f.preopen).length, true);
				return E.SUCCESS;
			},
			fd_prestat_dir_name: (fd, ptr, len) => {
				const f = fds.get(fd);
				if (!f || !f.preopen) return E.BADF;
				bytes().set(enc.encode(f.preopen).subarray(0, len), ptr);
				return E.SUCCESS;
			},
			fd_fdstat_get: (fd, ptr) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				const v = view();
				// streams are files, not terminals: no width to fit,
				// as the native binary writing to a pipe
				v.setUint8(ptr, f.kind === FT.DIR ? FT.DIR : FT.FILE);
				v.setUint16(ptr + 2, 0, true);
				v.setBigUint64(ptr + 8, RIGHTS_ALL, true);
				v.setBigUint64(ptr + 16, RIGHTS_ALL, true);
				return E.SUCCESS;
			},
			fd_fdstat_set_flags: () => E.SUCCESS,
			fd_filestat_get: (fd, ptr) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				if (f.kind === 'stream') filestat(ptr, FT.CHAR, 0);
				else filestat(ptr, f.kind, f.kind === FT.FILE ? f.data.length : 0, f.path);
				return E.SUCCESS;
			},
			fd_filestat_set_size: (fd, size) => {
				const f = fds.get(fd);
				if (!f || f.kind !== FT.FILE) return E.BADF;
				const n = Number(size), d = new Uint8Array(n);
				d.set(f.data.subarray(0, n));
				f.data = d;
				fs.files.set(f.path, d);
				return E.SUCCESS;
			},
			path_filestat_get: (dirfd, flags, ptr, len, out) => {
				const path = at(dirfd, ptr, len);
				if (path === null) return E.BADF;
				const kind = fs.kind(path);
				if (!kind) return E.NOENT;
				filestat(out, kind, kind === FT.FILE ? fs.files.get(path).length : 0, path);
				return E.SUCCESS;
			},
			path_open: (dirfd, dirflags, ptr, len, oflags, rb, ri, fdflags, out) => {
				const path = at(dirfd, ptr, len);
				if (path === null) return E.BADF;
				let kind = fs.kind(path);
				if (kind && (oflags & O.CREAT) && (oflags & O.EXCL)) return E.EXIST;
				if (!kind && !(oflags & O.CREAT)) return E.NOENT;
				if (kind === FT.DIR) {
					if (oflags & (O.CREAT | O.TRUNC)) return E.ISDIR;
				} else if (oflags & O.DIRECTORY) {
					return kind ? E.NOTDIR : E.NOENT;
				}
				if (!kind) {
					const parent = path.replace(/\/[^/]*$/, '') || '/';
					if (fs.kind(parent) !== FT.DIR) return E.NOENT;
					fs.files.set(path, new Uint8Array(0));
					kind = FT.FILE;
				}
				if (kind === FT.FILE && (oflags & O.TRUNC))
					fs.files.set(path, new Uint8Array(0));
				const fd = nextFd++;
				fds.set(fd, kind === FT.DIR
					? { kind, path }
					: { kind, path, pos: 0, data: fs.files.get(path),
						append: (fdflags & APPEND) !== 0 });
				view().setUint32(out, fd, true);
				return E.SUCCESS;
			},
			fd_close: (fd) => (fds.delete(fd) ? E.SUCCESS : E.BADF),
			fd_sync: () => E.SUCCESS,
			fd_datasync: () => E.SUCCESS,
			fd_advise: () => E.SUCCESS,
			fd_read: (fd, ptr, n, out) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				if (f.kind === 'stream') {
					view().setUint32(out, 0, true);
					return E.SUCCESS;
				}
				if (f.kind !== FT.FILE) return E.ISDIR;
				const got = readInto(f, f.pos, iovs(ptr, n));
				f.pos += got;
				view().setUint32(out, got, true);
				return E.SUCCESS;
			},
			fd_pread: (fd, ptr, n, offset, out) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				if (f.kind !== FT.FILE) return f.kind === FT.DIR ? E.ISDIR : E.SPIPE;
				view().setUint32(out, readInto(f, Number(offset), iovs(ptr, n)), true);
				return E.SUCCESS;
			},
			fd_write: (fd, ptr, n, out) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				if (f.kind === FT.DIR) return E.ISDIR;
				view().setUint32(out, write(f, iovs(ptr, n)), true);
				return E.SUCCESS;
			},
			fd_seek: (fd, offset, whence, out) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				if (f.kind !== FT.FILE) return E.SPIPE;
				const base = whence === 0 ? 0 : whence === 1 ? f.pos : f.data.length;
				const pos = base + Number(offset);
				if (pos < 0) return E.INVAL;
				f.pos = pos;
				view().setBigUint64(out, BigInt(pos), true);
				return E.SUCCESS;
			},
			fd_tell: (fd, out) => {
				const f = fds.get(fd);
				if (!f || f.kind !== FT.FILE) return E.BADF;
				view().setBigUint64(out, BigInt(f.pos), true);
				return E.SUCCESS;
			},
			fd_readdir: (fd, buf, len, cookie, out) => {
				const f = fds.get(fd);
				if (!f) return E.BADF;
				if (f.kind !== FT.DIR) return E.NOTDIR;
				const names = ['.', '..', ...fs.list(f.path)];
				const v = view();
				let used = 0;
				for (let i = Number(cookie); i < names.length && used < len; i++) {
					const name = enc.encode(names[i]);
					const child = normal(f.path + '/' + names[i]);
					const entry = new Uint8Array(24 + name.length);
					const ev = new DataView(entry.buffer);
					ev.setBigUint64(0, BigInt(i + 1), true);
					ev.setBigUint64(8, BigInt(i + 1), true);
					ev.setUint32(16, name.length, true);
					ev.setUint8(20, i < 2 ? FT.DIR : fs.kind(child));
					entry.set(name, 24);
					const room = Math.min(entry.length, len - used);
					bytes().set(entry.subarray(0, room), buf + used);
					used += room;
				}
				v.setUint32(out, used, true);
				return E.SUCCESS;
			},
			path_create_directory: (dirfd, ptr, len) => {
				const path = at(dirfd, ptr, len);
				if (path === null) return E.BADF;
				if (fs.kind(path)) return E.EXIST;
				fs.dirs.add(path);
				return E.SUCCESS;
			},
			path_remove_directory: (dirfd, ptr, len) => {
				const path = at(dirfd, ptr, len);
				if (path === null) return E.BADF;
				if (fs.kind(path) !== FT.DIR) return E.NOTDIR;
				if (fs.list(path).length) return E.NOTEMPTY;
				fs.dirs.delete(path);
				return E.SUCCESS;
			},
			path_unlink_file: (dirfd, ptr, len) => {
				const path = at(dirfd, ptr, len);
				if (path === null) return E.BADF;
				if (fs.kind(path) === FT.DIR) return E.ISDIR;
				return fs.files.delete(path) ? E.SUCCESS : E.NOENT;
			},
			path_rename: (fd1, p1, l1, fd2, p2, l2) => {
				const from = at(fd1, p1, l1), to = at(fd2, p2, l2);
				if (from === null || to === null) return E.BADF;
				if (fs.kind(from) !== FT.FILE) return fs.kind(from) ? E.ISDIR : E.NOENT;
				fs.files.set(to, fs.files.get(from));
				fs.files.delete(from);
				for (const f of fds.values())
					if (f.path === from) f.path = to;
				return E.SUCCESS;
			},
			path_readlink: () => E.INVAL,
			random_get: (ptr, len) => {
				crypto.getRandomValues(bytes().subarray(ptr, ptr + len));
				return E.SUCCESS;
			},
			sched_yield: () => E.SUCCESS,
			proc_exit: (code) => {
				throw new Exit(code);
			},
		};
		return wasi;
	}

	const concat = (chunks) => {
		const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
		let off = 0;
		for (const c of chunks) {
			all.set(c, off);
			off += c.length;
		}
		return all;
	};

	// Runs the compiled module once: {status, stdout, stderr}.
	async function run(module, fs, args, env) {
		const out = [], err = [];
		let instance;
		const wasi = imports(() => instance.exports.memory, fs, args, env, out, err);
		const needed = {};
		for (const imp of WebAssembly.Module.imports(module))
			if (imp.module === 'wasi_snapshot_preview1')
				needed[imp.name] = wasi[imp.name] || (() => E.NOSYS);
		instance = await WebAssembly.instantiate(module,
			{ wasi_snapshot_preview1: needed });
		let status = 0;
		try {
			instance.exports._start();
		} catch (e) {
			if (!(e instanceof Exit)) throw e;
			status = e.code;
		}
		const dec = new TextDecoder();
		return { status, stdout: dec.decode(concat(out)), stderr: dec.decode(concat(err)) };
	}

	return { Fs, run, normal };
})();
