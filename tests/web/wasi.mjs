// fioverdict.wasm under node's own WASI (node:wasi, preview1), as a
// command. Two uses:
//   node wasi.mjs MODULE ARG...      one run in the current directory
//   node wasi.mjs MODULE --batch F   the runs F lists (JSON: [{cwd, args,
//                                    out, err}]), the module compiled once;
//                                    their exit statuses, a JSON list, on
//                                    standard output
// The directory a run is in is preopened as "." (relative paths resolve
// there, as the native binary's do); FV_CATALOG, when set, names a folder
// preopened at that same path. The tests compare what it prints with the
// native binary's. Give it a file, not a pipe, for standard output: node's
// pipes are non-blocking, and a WASI write that would block fails.
import { readFile } from 'node:fs/promises';
import { openSync, closeSync } from 'node:fs';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [modulePath, ...rest] = process.argv.slice(2);
const code = await WebAssembly.compile(await readFile(modulePath));

function runOne(cwd, args, fds) {
	const env = {};
	const preopens = { '.': cwd };
	if (process.env.FV_CATALOG) {
		// at the same absolute path: what names a catalog row prints it
		preopens[process.env.FV_CATALOG] = process.env.FV_CATALOG;
		env.FV_CATALOG = process.env.FV_CATALOG;
	}
	if (process.env.COLUMNS) env.COLUMNS = process.env.COLUMNS;
	const wasi = new WASI({
		version: 'preview1',
		args: ['fioverdict', ...args],
		env,
		preopens,
		returnOnExit: true,
		...fds,
	});
	return WebAssembly.instantiate(code, wasi.getImportObject())
		.then((instance) => wasi.start(instance));
}

if (rest[0] === '--batch') {
	const jobs = JSON.parse(await readFile(rest[1], 'utf8'));
	const statuses = [];
	for (const j of jobs) {
		const stdout = openSync(j.out, 'w'), stderr = openSync(j.err, 'w');
		try {
			statuses.push(await runOne(j.cwd, j.args, { stdout, stderr }));
		} catch (e) {
			statuses.push(`trap: ${e.message}`);
		}
		closeSync(stdout);
		closeSync(stderr);
		/*
		 * Each run is an instance with a memory of its own. Node 20
		 * crashed (SIGSEGV in V8's property lookup, not a trap of the
		 * module) on the 26th of a batch when the finished instances
		 * were left for a later collection; each run alone passed.
		 * Collect them between runs (node --expose-gc).
		 */
		globalThis.gc?.();
	}
	process.stdout.write(JSON.stringify(statuses) + '\n');
} else {
	process.exitCode = await runOne(process.cwd(), rest, {});
}
