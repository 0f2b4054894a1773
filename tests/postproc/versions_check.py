#!/usr/bin/env python3
"""fioverdict on each fio version's own output: every figure of its summary
equals fio's JSON of the same run (tests/postproc/fixtures/versions, made
by versions_gen.sh with the fios of the version matrix).

Usage: versions_check.py FIOVERDICT FIXTURE_DIR
Last line: "versions output: N passed, M failed"."""
import glob
import json
import os
import subprocess
import sys

fv, root = sys.argv[1], sys.argv[2]
passed = failed = 0


def load(path):
    text = open(path).read()
    return json.loads(text[text.index('{'):])


def close(a, b):
    if a is None or b is None:
        return a == b
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1)


def fio_figures(job):
    """What the summary shows of one fio job, from fio's JSON itself."""
    out = {'job': job['jobname']}
    lat_dir = None
    for d in ('read', 'write'):
        io = job[d]
        out[d + '_iops'] = io['iops'] if io['total_ios'] else None
        out[d + '_bw'] = io['bw_bytes'] if io['total_ios'] else None
        if io['total_ios'] and lat_dir is None:
            lat_dir = d
    pct = job[lat_dir]['clat_ns'].get('percentile', {})
    out['lat_dir'] = lat_dir
    out['p99'] = pct.get('99.000000')
    out['usr_cpu'] = job['usr_cpu']
    out['sys_cpu'] = job['sys_cpu']
    return out


def check(path):
    global passed, failed
    doc = load(path)
    jobs = doc.get('client_stats') or doc['jobs']
    # fio's client adds an "All clients" sum; the hosts' own jobs are what
    # the summary must match one for one
    jobs = [j for j in jobs if j['jobname'] != 'All clients']
    res = subprocess.run([fv, 'summary', '-f', 'json', path],
                         capture_output=True, text=True)
    rows = json.loads(res.stdout)['tables'][0]['rows']
    problems = []
    # several hosts: fioverdict's fleet row sums the hosts' own jobs
    fleet = [r for r in rows if r['label'] == 'fleet']
    rows = [r for r in rows if r['job'] != 'All clients' and r['label'] != 'fleet']
    if 'client_stats' in doc:
        want = sum(j['write']['iops'] for j in jobs)
        if len(fleet) != 1 or not abs(fleet[0]['write_iops'] - want) <= 1e-6 * want:
            problems.append('fleet row %r, the hosts sum to %r' % (fleet, want))
    if res.returncode != 0:
        problems.append('exit %d: %s' % (res.returncode, res.stderr[:200]))
    if len(rows) != len(jobs):
        problems.append('%d rows for %d jobs' % (len(rows), len(jobs)))
    for job, row in zip(jobs, rows):
        want = fio_figures(job)
        for k, v in want.items():
            if not (close(row[k], v) if not isinstance(v, str) else row[k] == v):
                problems.append('%s %s: %r, fio says %r' % (job['jobname'], k, row[k], v))
        ss = job.get('steadystate')
        if ss and row['steady_state'].startswith('attained') != bool(ss['attained']):
            problems.append('steady state %r, fio says attained=%r (%s)' % (row['steady_state'], ss['attained'], ss['ss']))
        if row['fio_version'] != doc['fio version']:
            problems.append('fio_version %r' % row['fio_version'])
    name = '%s: %d jobs as fio reports them' % (os.path.relpath(path, root), len(jobs))
    if problems:
        failed += 1
        print('not ok - ' + name)
        for p in problems[:10]:
            print('    ' + p)
    else:
        passed += 1
        print('ok - ' + name)


def check_ss_lat(path):
    """fio 3.42 judges steady state on latency (ss=lat): with the job's
    histogram logs beside it, latency-stability judges the same job's p99
    window by window and shows fio's own result, as fio's JSON has it."""
    global passed, failed
    job = load(path)['jobs'][0]
    ss = job['steadystate']
    res = subprocess.run([fv, 'verdict', '-q', '-f', 'json', path],
                         capture_output=True, text=True)
    rows = [r for t in json.loads(res.stdout)['tables'] for r in t['rows']
            if r.get('check') == 'latency-stability']
    want = 'fio ss=%s: %s (%s)' % (ss['ss'], 'attained' if ss['attained']
                                   else 'not attained', ss['criterion'])
    name = '%s: latency-stability shows %s' % (os.path.relpath(path, root), want)
    if len(rows) == 1 and want in rows[0]['evidence'] and 'windows of' in rows[0]['evidence']:
        passed += 1
        print('ok - ' + name)
    else:
        failed += 1
        print('not ok - ' + name)
        print('    rows: %r (exit %d)' % (rows, res.returncode))


for path in sorted(glob.glob(os.path.join(root, '*', '*.json'))):
    check(path)
    ss = load(path).get('jobs', [{}])[0].get('steadystate')
    if ss and ss.get('ss', '').startswith('lat'):
        check_ss_lat(path)
print('versions output: %d passed, %d failed' % (passed, failed))
sys.exit(1 if failed or not passed else 0)
