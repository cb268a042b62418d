"""Work started on several threads at the same instant, for the thread-safety tests."""

import threading
from collections.abc import Callable


def run_together(threads: int, work: Callable[[int], None]) -> list[BaseException]:
    """``work(seed)`` on ``threads`` threads released together; the errors they met."""
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def run(seed: int) -> None:
        start.wait()
        try:
            work(seed)
        except Exception as error:  # any failure is what the tests count
            errors.append(error)

    workers = [threading.Thread(target=run, args=(seed,)) for seed in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return errors
