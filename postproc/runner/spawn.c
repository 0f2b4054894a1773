/* SPDX-License-Identifier: MIT */
/*
 * A child process started and waited for, and signals caught: the one
 * way every step of a run starts fio, as git's run-command.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner.h"

/* In the child: fd (or /dev/null) as its descriptor to. */
static void redirect(int fd, int to, int null)
{
	if (fd == FV_SPAWN_NULL)
		fd = null;
	if (fd >= 0 && fd != to)
		dup2(fd, to);
}

pid_t fv_spawn(char *const *argv, int in, int out, int err)
{
	pid_t pid;

	fflush(NULL); /* nothing buffered written twice */
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		int null = open("/dev/null", O_RDWR);

		redirect(in, STDIN_FILENO, null);
		redirect(out, STDOUT_FILENO, null);
		redirect(err, STDERR_FILENO, null);
		execv(argv[0], argv);
		_exit(127);
	}
	return pid;
}

int fv_wait(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

void fv_on_signals(const int *sigs, void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler ? handler : SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (; *sigs; sigs++)
		sigaction(*sigs, &sa, NULL);
}
