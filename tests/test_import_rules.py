"""The shape of td_assist/, read from its imports (ast only): no wizard imports another
wizard, the engine and the procedures know no wizard, the command line imports web code
only where listed, and no two modules import each other in a circle.

Every import counts, wherever it stands: at module level, inside a function, under
``if TYPE_CHECKING``. An import inside a function runs later, but it is the same
dependency; moving an import into a function to hide a circle is what this test is
here to stop. What does not count: the parent packages Python runs on the way to a
module (``import a.b.c`` runs ``a/__init__`` and ``a/b/__init__``); a package's
``__init__`` is an edge only when it is named (``from td_assist import lawbook`` names
``td_assist.lawbook``). Modules imported by a name in a string (importlib) are not
seen: the registry's ``WIZARD_MODULES`` (the way the engine reaches the wizards without
knowing them) and the command line's ``COMMAND_MODULES`` (loaded per command, for a
fast start).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "td_assist"
WIZARDS = "td_assist.rulings.wizards"
KNOW_NO_WIZARD = ("td_assist.rulings.engine", "td_assist.rulings.procedures", "td_assist.bridge")


def module_names(root: Path) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _imported(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool, modules: set[str]
) -> Iterator[str]:
    """The modules of ``modules`` an import statement names (an outside one: nothing)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join([*package, base] if base else package)
        # ``from a import b``: the module a.b when there is one, else a's namespace.
        names = [
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
            for alias in node.names
        ]
    for name in names:
        # ``import a.b.thing`` of a name inside a module: the module a.b.
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name:
            yield name


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of ``root`` it imports (wherever the import stands)."""
    modules = module_names(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {
            target
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for target in _imported(node, name, path.name == "__init__.py", set(modules))
            if target != name
        }
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain cannot reach the recursion limit.
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def wizard_of(module: str) -> str | None:
    """``td_assist.rulings.wizards.revoke`` (or ``...revoke.facts``) -> ``revoke``."""
    if not module.startswith(WIZARDS + "."):
        return None
    return module[len(WIZARDS) + 1 :].split(".")[0]


def wizard_crossings(graph: dict[str, set[str]]) -> list[str]:
    crossings = []
    for module, targets in sorted(graph.items()):
        mine = wizard_of(module)
        for target in sorted(targets):
            theirs = wizard_of(target)
            if theirs is not None and mine is not None and theirs != mine:
                crossings.append(f"{module} imports {target}")
            if theirs is not None and module.startswith(KNOW_NO_WIZARD):
                crossings.append(f"{module} imports the wizard {target}")
    return crossings


def _write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


# The rules themselves, on td_assist/ as it is.


def test_no_import_cycle_in_td_assist():
    found = cycles(import_graph(PACKAGE))
    assert found == [], "modules importing each other in a circle: " + "; ".join(
        " <-> ".join(group) for group in found
    )


def test_no_wizard_imports_another_and_the_engine_knows_no_wizard():
    graph = import_graph(PACKAGE)
    wizards = {wizard_of(name) for name in graph} - {None}
    # The rule must be looking at the real wizards, not at an empty folder.
    assert {"revoke", "lead_out_of_turn", "penalty_card"} <= wizards
    assert wizard_crossings(graph) == []


# The command functions that import web code, and why: ``serve`` starts the web app.
# (The HTML log export renders the report through td_assist.reports, as the web does.)
# Any other command importing web code fails here.
WEB_IN_THE_COMMAND_LINE = {
    ("td_assist.cli", "_cmd_serve"): "starts the web app",
}


def test_the_command_line_imports_web_code_only_where_listed():
    graph = import_graph(PACKAGE)
    modules = module_names(PACKAGE)
    found: set[tuple[str, str]] = set()
    for module in sorted(graph):
        if not module.startswith("td_assist.cli"):
            continue
        tree = ast.parse(modules[module].read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                named = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                named.append(getattr(node, "module", None) or "")
                assert not any(n.startswith("td_assist.web") for n in named), module
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "td_assist.web"
                ):
                    found.add((module, function.name))
    assert found == set(WEB_IN_THE_COMMAND_LINE)


def test_the_printable_report_reaches_no_web_code():
    """The command line renders the ruling report through td_assist.reports: nothing it
    imports, however indirectly, may be web code."""
    graph = import_graph(PACKAGE)
    reached: set[str] = set()
    waiting = [name for name in graph if name.startswith("td_assist.reports")]
    assert waiting, "td_assist.reports is not there"
    while waiting:
        name = waiting.pop()
        if name not in reached:
            reached.add(name)
            waiting.extend(graph.get(name, ()))
    assert sorted(n for n in reached if n.startswith("td_assist.web")) == []


# The checker on small made-up packages, so a rule that finds nothing is not trusted blindly.


def test_checker_finds_a_cycle_through_an_import_inside_a_function(tmp_path):
    root = _write(
        tmp_path / "pkg",
        {
            "__init__.py": "",
            "a.py": "from pkg.b import thing\n",
            "b.py": "def thing():\n    from pkg import c\n",
            "c.py": "from . import a\n",
            "d.py": "import pkg.a\n",
        },
    )
    graph = import_graph(root)
    assert graph["pkg.b"] == {"pkg.c"}
    assert graph["pkg.c"] == {"pkg.a"}  # the relative import resolved
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_checker_finds_no_cycle_in_a_chain_and_ignores_parent_packages(tmp_path):
    root = _write(
        tmp_path / "pkg",
        {
            "__init__.py": "from pkg.sub import b\n",
            "sub/__init__.py": "",
            "sub/b.py": "from pkg.sub.c import x\n",
            "sub/c.py": "x = 1\n",
        },
    )
    graph = import_graph(root)
    assert graph["pkg"] == {"pkg.sub.b"}
    assert cycles(graph) == []


def test_checker_finds_a_wizard_reaching_into_another(tmp_path):
    files = {
        "td_assist/__init__.py": "",
        "td_assist/rulings/__init__.py": "",
        "td_assist/rulings/engine/__init__.py": "",
        "td_assist/rulings/engine/registry.py": "import importlib\n",
        "td_assist/rulings/wizards/__init__.py": "",
        "td_assist/rulings/wizards/one.py": "from td_assist.rulings.engine import registry\n",
        "td_assist/rulings/wizards/two.py": (
            "def f():\n    from td_assist.rulings.wizards import one\n"
        ),
    }
    graph = import_graph(_write(tmp_path, files) / "td_assist")
    assert wizard_crossings(graph) == [
        "td_assist.rulings.wizards.two imports td_assist.rulings.wizards.one"
    ]


def test_checker_reads_a_wizard_package_as_one_wizard(tmp_path):
    """A wizard split into a package: its submodules may import each other, but one
    reaching into another wizard's submodule is caught like a module-to-module import."""
    files = {
        "td_assist/__init__.py": "",
        "td_assist/rulings/__init__.py": "",
        "td_assist/rulings/engine/__init__.py": "",
        "td_assist/rulings/wizards/__init__.py": "",
        "td_assist/rulings/wizards/one/__init__.py": (
            "from td_assist.rulings.wizards.one.facts import FACTS\n"
        ),
        "td_assist/rulings/wizards/one/facts.py": "from .report import Report\nFACTS = 1\n",
        "td_assist/rulings/wizards/one/report.py": "Report = 1\n",
        "td_assist/rulings/wizards/two/__init__.py": "",
        "td_assist/rulings/wizards/two/facts.py": (
            "def f():\n    from td_assist.rulings.wizards.one.report import Report\n"
        ),
    }
    graph = import_graph(_write(tmp_path, files) / "td_assist")
    assert graph["td_assist.rulings.wizards.one.facts"] == {"td_assist.rulings.wizards.one.report"}
    assert wizard_of("td_assist.rulings.wizards.one.facts") == "one"
    assert wizard_crossings(graph) == [
        "td_assist.rulings.wizards.two.facts imports td_assist.rulings.wizards.one.report"
    ]


def test_the_wizard_packages_are_seen_whole():
    """penalty_card is a package: its submodules are there and count as that wizard."""
    graph = import_graph(PACKAGE)
    parts = {name for name in graph if name.startswith(WIZARDS + ".penalty_card.")}
    assert {WIZARDS + ".penalty_card.facts", WIZARDS + ".penalty_card.report"} <= parts
    assert {wizard_of(name) for name in parts} == {"penalty_card"}
