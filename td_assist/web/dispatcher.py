"""Which of the server's threads answers the next request (issue 29).

Python runs one thread at a time (the interpreter lock), so eight threads answering eight
requests at once finish them no sooner than one thread answering them in turn: they only
take turns at the lock. Those turns cost: at 32 busy phones waitress's eight threads spent
about half the server's CPU on them (3.2 ms a request against 1.6 with one thread), and
each answer waited behind seven half-done others (p99 200 ms against 93).

So one thread answers while answers are quick, in the order the requests came. The other
threads wait in reserve: when the answering thread has been on one request for longer
than ``STUCK_SECONDS`` (a large file imported, a long report), the next thread takes the
queue, so one slow request never holds up every phone in the room.

>>> dispatcher = OneAtATimeDispatcher()
>>> dispatcher.fresh_runners(now=10.0)
0
>>> dispatcher.running = {0: 9.95, 1: 9.0}  # thread 0 started 50 ms ago, 1 long ago
>>> dispatcher.fresh_runners(now=10.0)
1
"""

from __future__ import annotations

import time

from waitress.task import ThreadedTaskDispatcher

# Long enough that an ordinary page (a few milliseconds, tens on a busy laptop) never
# calls in a second thread; short enough that a phone behind a slow request waits a
# moment, not the whole import.
STUCK_SECONDS = 0.2


class OneAtATimeDispatcher(ThreadedTaskDispatcher):
    """Waitress's thread pool, with one thread answering unless it is stuck.

    Keeps waitress's bookkeeping for shutting threads down (``active_count``,
    ``stop_count``, ``thread_exit_cv``); waitress's "task queue depth" note is not
    made (``serve`` silenced it: waiting in turn is normal here)."""

    def __init__(self) -> None:
        super().__init__()
        self.running: dict[int, float] = {}  # thread -> when its request started

    def fresh_runners(self, now: float) -> int:
        """Threads on a request that started less than ``STUCK_SECONDS`` ago."""
        return sum(1 for started in self.running.values() if now - started < STUCK_SECONDS)

    def _wait_for_turn(self) -> float:
        """How long to wait before looking again (or until woken), or 0 when this
        thread may take the next request. Called with the lock held."""
        if not self.queue:
            # A request queued while another is answered wakes nobody (add_task), so the
            # threads in reserve look again every stuck time: a few wake-ups a second.
            return STUCK_SECONDS
        now = time.monotonic()
        if self.fresh_runners(now) == 0:
            return 0.0
        newest = max(self.running.values())
        return max(0.001, STUCK_SECONDS - (now - newest))

    def add_task(self, task: object) -> None:
        """Queue a request; wake a waiting thread only when none is answering. Waking one
        while another answers (as waitress does) made it take the lock from the answering
        thread to find it may not go on: a switch of threads for every request."""
        with self.lock:
            self.queue.append(task)
            if self.fresh_runners(time.monotonic()) == 0:
                self.queue_cv.notify()

    def handler_thread(self, thread_no: int) -> None:
        while True:
            with self.lock:
                while self.stop_count == 0:
                    wait = self._wait_for_turn()
                    if wait == 0.0:
                        break
                    # idle while waiting, as waitress counts it (its queue-depth note)
                    self.active_count -= 1
                    self.queue_cv.wait(wait)
                    self.active_count += 1
                if self.stop_count > 0:
                    self.active_count -= 1
                    self.stop_count -= 1
                    self.threads.discard(thread_no)
                    self.thread_exit_cv.notify()
                    break
                task = self.queue.popleft()
                self.running[thread_no] = time.monotonic()
            try:
                task.service()
            except BaseException:
                self.logger.exception("Exception when servicing %r", task)
            finally:
                # No wake-up for the threads held back: this one takes the next request
                # itself (a wake-up per answer cost a switch of threads for nothing).
                with self.lock:
                    self.running.pop(thread_no, None)


def one_at_a_time(threads: int) -> OneAtATimeDispatcher:
    """The dispatcher with ``threads`` threads started (waitress's ``threads`` setting)."""
    dispatcher = OneAtATimeDispatcher()
    dispatcher.set_thread_count(threads)
    return dispatcher
