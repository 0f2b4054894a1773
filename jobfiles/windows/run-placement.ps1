<#
.SYNOPSIS
    fioverdict's placement suite on a Windows VM, with fio or DiskSpd.

.DESCRIPTION
    Runs placement.fio (fio: windowsaio, threads) or the same tests as
    DiskSpd command lines (placement.diskspd) on a file on the drive to
    test, DRIVE:\fioverdict\fv.dat, and writes the results where
    fioverdict reads them as one label per VM and drive:

        OUTDIR\LABEL\TIME\LABEL_placement_TIME.json   fio's json+, with its
                                                      IOPS, latency and
                                                      histogram logs
        OUTDIR\LABEL\TIME\LABEL_TEST_TIME.xml         DiskSpd's XML, one a test
        OUTDIR\LABEL\TIME\commands.txt                what ran, and on what

    LABEL is COMPUTERNAME-DRIVE (FV-WIN21-D), or COMPUTERNAME-DRIVE-diskspd
    for DiskSpd's results, so that the two tools' figures never share a
    label. TIME is the start, yyyyMMdd-HHmmss. Copy OUTDIR to a machine
    with fioverdict, then: fioverdict report OUTDIR -o report.html

    Runs on Windows PowerShell 5.1 and PowerShell 7. The file to test is
    removed at the end (-KeepFile keeps it).

.PARAMETER Drive
    The drive to test: D or D:.

.PARAMETER Tool
    fio (the default) or diskspd.

.PARAMETER OutDir
    The folder the results go to (default: results, in the current folder).

.PARAMETER Label
    The label, instead of COMPUTERNAME-DRIVE: letters, digits, '.', '+'
    and '-'.

.PARAMETER Quick
    The quick values of placement.fio's #@ lines (about a minute of runs
    and a 256 MiB file) instead of the full ones (about 35 minutes, 32 GiB).

.PARAMETER Size
    The size of the file to test (fio's units: 64g), instead of the
    #@ line's.

.PARAMETER Fio
    The fio to run (default: fio, on PATH, as fio's installer and winget's
    fio.fio put it there).

.PARAMETER DiskSpd
    The DiskSpd to run (default: diskspd, on PATH).

.PARAMETER KeepFile
    Leave the file tested on the drive.

.EXAMPLE
    .\run-placement.ps1 -Drive D

.EXAMPLE
    .\run-placement.ps1 -Drive E -Tool diskspd -Quick -DiskSpd C:\DiskSpd\amd64\diskspd.exe
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory = $true)]
    [ValidatePattern('^[A-Za-z]:?$')]
    [string]$Drive,
    [ValidateSet('fio', 'diskspd')]
    [string]$Tool = 'fio',
    [string]$OutDir = 'results',
    [ValidatePattern('^[A-Za-z0-9.+-]*$')]
    [string]$Label = '',
    [switch]$Quick,
    [string]$Size = '',
    [string]$Fio = 'fio',
    [string]$DiskSpd = 'diskspd',
    [switch]$KeepFile
)

Set-StrictMode -Version 2.0
$ErrorActionPreference = 'Stop'

$letter = $Drive.Substring(0, 1).ToUpperInvariant()
$jobFile = Join-Path $PSScriptRoot 'placement.fio'
$testFile = Join-Path $PSScriptRoot 'placement.diskspd'
# .NET resolves relative paths against the process's folder, not
# PowerShell's: every path handed on is made whole here.
$OutDir = $ExecutionContext.SessionState.Path.GetUnresolvedProviderPathFromPSPath($OutDir)

# The job file's "#@ VAR=FULL quick=QUICK" lines, read as fioverdict run
# reads them: the quick value with -Quick, else the full one.
function Get-Declared([string]$Path, [bool]$UseQuick) {
    $values = [ordered]@{}
    foreach ($line in Get-Content -LiteralPath $Path) {
        if ($line -match '^#@ ([A-Z_]+)=(\S*)\s*(quick=(\S*))?') {
            $value = $Matches[2]
            if ($UseQuick -and $Matches[4]) {
                $value = $Matches[4]
            }
            $values[$Matches[1]] = $value
        }
    }
    return $values
}

# A #@ value in DiskSpd's units: times in seconds (fio's 90s, 2m, 1h),
# sizes with DiskSpd's suffix (fio's 32g is DiskSpd's 32G, both GiB).
function ConvertTo-DiskSpdValue([string]$Name, [string]$Value) {
    if ($Name -eq 'FV_SIZE') {
        if ($Value -match '^(\d+)([kmgt]?)$') {
            return $Matches[1] + $Matches[2].ToUpperInvariant()
        }
    } elseif ($Value -match '^(\d+)(s?)$') {
        return $Matches[1]
    } elseif ($Value -match '^(\d+)m$') {
        return [string]([int]$Matches[1] * 60)
    } elseif ($Value -match '^(\d+)h$') {
        return [string]([int]$Matches[1] * 3600)
    }
    throw "placement.fio: ${Name}=$Value has no DiskSpd equivalent (want seconds such as 90s, or a size such as 32g)"
}

# LABEL_TEST_TIME.EXT, the file-name rule fioverdict reads the label and
# the test back from; '_' inside the test is written '-', as the rule
# ends the label at the test's first '_'.
function Get-ResultName([string]$Test, [string]$Extension) {
    return '{0}_{1}_{2}.{3}' -f $Label, ($Test -replace '_', '-'), $runName, $Extension
}

# Does this fio refuse write_hist_log for want of zlib (fioverdict run's
# probe: a 4 KiB job on the null engine with a histogram log)?
function Test-FioWithoutZlib {
    $probeDir = Join-Path ([IO.Path]::GetTempPath()) ('fioverdict-hist-probe-' + [guid]::NewGuid())
    New-Item -ItemType Directory -Path $probeDir | Out-Null
    $saved = $ErrorActionPreference
    $ErrorActionPreference = 'Continue'
    try {
        $said = & $Fio --name=fioverdict-hist-probe --ioengine=null --size=4k --output=NUL "--write_hist_log=$probeDir\probe" --log_hist_msec=1000 2>&1 | Out-String
        return ($LASTEXITCODE -ne 0) -and ($said -match 'write_hist_log') -and ($said -match 'zlib')
    } finally {
        $ErrorActionPreference = $saved
        Remove-Item -LiteralPath $probeDir -Recurse -Force -ErrorAction SilentlyContinue
    }
}

function Invoke-FioSuite {
    if (-not (Get-Command $Fio -ErrorAction SilentlyContinue)) {
        throw "fio not found ($Fio): install it (fio's MSI from github.com/axboe/fio releases, or winget install fio.fio), or give -Fio PATH"
    }
    $version = (& $Fio --version | Out-String).Trim()
    # fio's environment, for this run only: the #@ lines' values, and the
    # target, its colon escaped as fio wants it on Windows.
    $values = Get-Declared $jobFile $Quick.IsPresent
    $values['FV_TARGET'] = $target.Replace(':', '\:')
    if ($Size) {
        $values['FV_SIZE'] = $Size
    }
    $before = @{}
    foreach ($name in $values.Keys) {
        $before[$name] = [Environment]::GetEnvironmentVariable($name)
        if (-not $values[$name]) {
            throw "placement.fio: $name has no value in its #@ line"
        }
    }
    # The job file as run; without zlib, without its histogram logs, as
    # fioverdict run does.
    $lines = Get-Content -LiteralPath $jobFile
    if (Test-FioWithoutZlib) {
        Write-Warning "$version was built without zlib and refuses write_hist_log: running without histogram logs"
        $lines = $lines -replace '^(write_hist_log|log_hist_msec|log_hist_coarseness)\b', '; left out (this fio has no zlib): $1'
    }
    [IO.File]::WriteAllLines((Join-Path $runDir 'placement.fio'), [string[]]$lines)
    $json = Get-ResultName 'placement' 'json'
    $record = @("tool: $version", "jobfile: placement.fio", "target: $target")
    foreach ($name in $values.Keys) {
        $record += "env: $name=$($values[$name])"
    }
    $record += "command: fio --output-format=json+ --output=$json placement.fio"
    Write-Record $record
    foreach ($name in $values.Keys) {
        [Environment]::SetEnvironmentVariable($name, [string]$values[$name])
    }
    Push-Location -LiteralPath $runDir
    try {
        & $Fio --output-format=json+ "--output=$json" placement.fio
        $status = $LASTEXITCODE
    } finally {
        Pop-Location
        foreach ($name in $before.Keys) {
            [Environment]::SetEnvironmentVariable($name, $before[$name])
        }
    }
    if ($status -ne 0) {
        throw "fio exited with status ${status}: what it wrote is in $runDir"
    }
}

function Invoke-DiskSpdSuite {
    if (-not (Get-Command $DiskSpd -ErrorAction SilentlyContinue)) {
        throw "DiskSpd not found ($DiskSpd): unpack it from github.com/microsoft/diskspd releases and give -DiskSpd PATH\amd64\diskspd.exe"
    }
    $declared = Get-Declared $jobFile $Quick.IsPresent
    if ($Size) {
        $declared['FV_SIZE'] = $Size
    }
    $values = @{}
    foreach ($name in $declared.Keys) {
        if ($name -ne 'FV_TARGET' -and $name -ne 'FV_ENGINE') {
            $values[$name] = ConvertTo-DiskSpdValue $name $declared[$name]
        }
    }
    Write-Record @("tool: DiskSpd ($DiskSpd)", "tests: placement.diskspd", "target: $target")
    foreach ($line in Get-Content -LiteralPath $testFile) {
        if ($line -match '^\s*(;|$)') {
            continue
        }
        $test, $rest = $line.Trim() -split '\s+', 2
        foreach ($name in $values.Keys) {
            $rest = $rest.Replace('${' + $name + '}', $values[$name])
        }
        if ($rest -match '\$\{') {
            throw "placement.diskspd: $test names a variable placement.fio does not declare: $rest"
        }
        $arguments = @($rest -split '\s+') + $target
        Write-Record @("command: diskspd $($arguments -join ' ')")
        Write-Host "fioverdict: $test"
        $xml = & $DiskSpd @arguments
        if ($LASTEXITCODE -ne 0) {
            throw "DiskSpd exited with status $LASTEXITCODE on $test ($($arguments -join ' '))"
        }
        # The warm-up only fills the file; its sequential job would be
        # read as a throughput one (DiskSpd's jobs are named by profile).
        if ($test -notlike 'warmup*') {
            [IO.File]::WriteAllLines((Join-Path $runDir (Get-ResultName $test 'xml')), [string[]]$xml)
        }
    }
}

function Write-Record([string[]]$Lines) {
    [IO.File]::AppendAllText((Join-Path $runDir 'commands.txt'), (($Lines -join "`r`n") + "`r`n"))
}

if (-not $Label) {
    $Label = ($env:COMPUTERNAME + '-' + $letter) -replace '[^A-Za-z0-9.+-]', '-'
    if ($Tool -eq 'diskspd') {
        $Label += '-diskspd'
    }
}
if (-not (Test-Path -LiteralPath ($letter + ':\'))) {
    throw "drive ${letter}: not found: give the letter of the drive to test (Get-PSDrive -PSProvider FileSystem lists them)"
}
$targetDir = $letter + ':\fioverdict'
New-Item -ItemType Directory -Force -Path $targetDir | Out-Null
$target = Join-Path $targetDir 'fv.dat'

# A new folder for every run: an earlier one is never overwritten.
$runName = Get-Date -Format 'yyyyMMdd-HHmmss'
$labelDir = Join-Path $OutDir $Label
$runDir = Join-Path $labelDir $runName
for ($n = 2; Test-Path -LiteralPath $runDir; $n++) {
    $runDir = Join-Path $labelDir ('{0}-{1}' -f $runName, $n)
}
$runName = Split-Path -Leaf $runDir
New-Item -ItemType Directory -Force -Path $runDir | Out-Null

$os = Get-CimInstance Win32_OperatingSystem
Write-Record @("label: $Label", "machine: $env:COMPUTERNAME", "windows: $($os.Caption) $($os.Version)", "started: $((Get-Date).ToUniversalTime().ToString('yyyy-MM-ddTHH:mm:ssZ'))")
try {
    if ($Tool -eq 'fio') {
        Invoke-FioSuite
    } else {
        Invoke-DiskSpdSuite
    }
} finally {
    if (-not $KeepFile) {
        Remove-Item -LiteralPath $target -Force -ErrorAction SilentlyContinue
    }
}
Write-Record @("finished: $((Get-Date).ToUniversalTime().ToString('yyyy-MM-ddTHH:mm:ssZ'))")
Write-Host "results: $runDir"
Write-Host "fioverdict: copy $OutDir to a machine with fioverdict, then: fioverdict report $(Split-Path -Leaf $OutDir) -o report.html"
