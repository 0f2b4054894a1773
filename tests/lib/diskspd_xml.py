# SPDX-License-Identifier: MIT
"""
DiskSpd 2.2's -Rxml (XmlResultParser.cpp's layout), in the pieces every
test that makes DiskSpd results writes alike: tests/postproc/mkdiskspd.py
(the fixtures no real sample has) and tests/jobfiles/windows.py (the
Windows placement suite's results). Each returns its text; the callers
put the profile's target between them.
"""


def head(computer, run_time, duration, warmup, bucket_ms):
    """<Results> up to the profile's first <Target>: the machine, the tool
    and the time span's settings."""
    return ("<Results>\n  <System>\n    <ComputerName>%s</ComputerName>\n"
            "    <Tool>\n      <Version>2.2</Version>\n"
            "      <VersionDate>2024/6/3</VersionDate>\n    </Tool>\n"
            "    <RunTime>%s</RunTime>\n  </System>\n"
            "  <Profile>\n    <Progress>0</Progress>\n"
            "    <ResultFormat>xml</ResultFormat>\n"
            "    <Verbose>false</Verbose>\n    <TimeSpans>\n"
            "      <TimeSpan>\n"
            "        <MeasureLatency>true</MeasureLatency>\n"
            "        <CalculateIopsStdDev>true</CalculateIopsStdDev>\n"
            "        <Duration>%d</Duration>\n        <Warmup>%d</Warmup>\n"
            "        <Cooldown>0</Cooldown>\n"
            "        <ThreadCount>0</ThreadCount>\n"
            "        <RequestCount>0</RequestCount>\n"
            "        <IoBucketDuration>%d</IoBucketDuration>\n"
            "        <Targets>\n          <Target>\n"
            % (computer, run_time, duration, warmup, bucket_ms))


def latency_bucket(pct, kind, ms):
    """One percentile of the latency histogram; kind Read or Write."""
    return ("      <Bucket>\n        <Percentile>%g</Percentile>\n"
            "        <%sMilliseconds>%.3f</%sMilliseconds>\n"
            "        <TotalMilliseconds>%.3f</TotalMilliseconds>\n"
            "      </Bucket>\n" % (pct, kind, ms, kind, ms))


def iops_bucket(end_ms, reads, writes):
    """One of -D's buckets, ending END_MS into the measured time."""
    return ('      <Bucket SampleMillisecond="%d" Read="%d" '
            'Write="%d" Total="%d"/>\n'
            % (end_ms, reads, writes, reads + writes))


def thread(tid, path, block, reads, writes):
    """A thread's row on its one target: its I/O counts and their bytes."""
    ios = reads + writes
    return ("    <Thread>\n      <Id>%d</Id>\n      <Target>\n"
            "        <Path>%s</Path>\n"
            "        <BytesCount>%d</BytesCount>\n"
            "        <IOCount>%d</IOCount>\n"
            "        <ReadBytes>%d</ReadBytes>\n"
            "        <ReadCount>%d</ReadCount>\n"
            "        <WriteBytes>%d</WriteBytes>\n"
            "        <WriteCount>%d</WriteCount>\n"
            "      </Target>\n    </Thread>\n"
            % (tid, path, ios * block, ios, reads * block, reads,
               writes * block, writes))


TAIL = "  </TimeSpan>\n</Results>\n"
