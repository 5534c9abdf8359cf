"""`reviewer-app whitelist`: the project's whitelist of terms that are not sensitive.

    reviewer-app whitelist P.db add TERM [--document ID] [--note TEXT]
    reviewer-app whitelist P.db remove TERM [--document ID]
    reviewer-app whitelist P.db list [--json]
    reviewer-app whitelist P.db import FILE [--note TEXT]
    reviewer-app whitelist P.db export FILE

Adding a term rejects its pending spans whose text is the term (case, spacing
and punctuation around it aside: "Parole Board," matches, "Parole Board Smith"
does not); removing it makes the spans it rejected pending again.
Files hold one term a line; lines starting with # are comments (the format of
`resources/whitelist.txt`). Terms are project-wide unless `--document` is given.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

from reviewer_app.cli.exit_codes import Exit


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "whitelist",
        help="add, remove, list, import or export the project's whitelisted terms",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("project", type=Path, help="the project file")
    sub = parser.add_subparsers(dest="whitelist_command", metavar="SUBCOMMAND", required=True)
    add = sub.add_parser("add", help="whitelist a term and reject its pending spans")
    add.add_argument("term", help="the text never to flag again, as it is written in the transcript")
    add.add_argument("--document", help="only in this document (default: the whole project)")
    add.add_argument("--note", default="", help="why the term is not sensitive")
    add.set_defaults(func=run_add)
    remove = sub.add_parser("remove", help="take a term off; the spans it rejected are pending again")
    remove.add_argument("term", help="a whitelisted term, as `whitelist list` shows it")
    remove.add_argument("--document", help="the document of a document-only term")
    remove.set_defaults(func=run_remove)
    listing = sub.add_parser("list", help="the terms, with how many spans each holds rejected")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(func=run_list)
    load = sub.add_parser("import", help="whitelist every term of a file (one a line)")
    load.add_argument("file", type=Path, help="a UTF-8 text file, one term a line")
    load.add_argument("--note", default="", help="a note for every imported term")
    load.set_defaults(func=run_import)
    save = sub.add_parser("export", help="write the project-wide terms to a file (one a line)")
    save.add_argument("file", type=Path, help="the text file to write (one term a line)")
    save.set_defaults(func=run_export)


def _say(message: str) -> None:
    print(message, file=sys.stderr)


def _open(args: argparse.Namespace, read_only: bool):
    from reviewer_app.store import Project, ProjectError

    try:
        return Project.open(args.project, read_only=read_only)
    except ProjectError as exc:
        _say(f"reviewer-app whitelist: {exc}")
        return None


def read_terms(path: Path) -> list[str]:
    """The terms of a whitelist file: one a line, # comments and blank lines skipped."""
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def run_add(args: argparse.Namespace) -> int:
    from reviewer_app.store import DuplicateTerm

    project = _open(args, read_only=False)
    if project is None:
        return Exit.BAD_INPUT
    with project:
        if args.document and args.document not in project.document_ids():
            _say(f"reviewer-app whitelist: no document {args.document} in the project")
            return Exit.BAD_INPUT
        try:
            audit_id = project.add_whitelist_term(args.term, args.document, args.note)
        except (DuplicateTerm, ValueError) as exc:
            _say(f"reviewer-app whitelist: {exc}")
            return Exit.BAD_INPUT
        rejected = len(project.audit_entry(audit_id).after.get("spans", {}))
    print(f"whitelisted; {rejected} pending spans rejected")
    return Exit.OK


def run_remove(args: argparse.Namespace) -> int:
    project = _open(args, read_only=False)
    if project is None:
        return Exit.BAD_INPUT
    with project:
        entry = project.find_whitelist_term(args.term, args.document)
        if entry is None:
            where = f" for document {args.document}" if args.document else ""
            _say(f"reviewer-app whitelist: the term is not on the whitelist{where}")
            return Exit.BAD_INPUT
        audit_id = project.remove_whitelist_term(entry.id)
        restored = len(project.audit_entry(audit_id).after.get("spans", {}))
    print(f"removed; {restored} spans pending again")
    return Exit.OK


def run_list(args: argparse.Namespace) -> int:
    project = _open(args, read_only=True)
    if project is None:
        return Exit.BAD_INPUT
    with project:
        entries = [(e, project.whitelist_suppressed(e.id)[1]) for e in project.whitelist()]
    if args.json:
        rows = [
            {
                "term": e.term,
                "scope": e.scope,
                "document": e.document_id,
                "note": e.note,
                "added_by": e.added_by,
                "added_at": e.added_at,
                "rejected_spans": n,
            }
            for e, n in entries
        ]
        json.dump(rows, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return Exit.OK
    for entry, suppressed in entries:
        when = datetime.datetime.fromtimestamp(entry.added_at).strftime("%Y-%m-%d %H:%M")
        scope = f"document {entry.document_id}" if entry.document_id else "project"
        note = f" - {entry.note}" if entry.note else ""
        print(f"{entry.term}\t{scope}\t{suppressed} spans rejected\t{entry.added_by} {when}{note}")
    return Exit.OK


def run_import(args: argparse.Namespace) -> int:
    from reviewer_app.store import DuplicateTerm

    try:
        terms = read_terms(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        _say(f"reviewer-app whitelist: cannot read {args.file}: {exc}")
        return Exit.BAD_INPUT
    project = _open(args, read_only=False)
    if project is None:
        return Exit.BAD_INPUT
    added = known = rejected = 0
    with project:
        for term in terms:
            try:
                audit_id = project.add_whitelist_term(term, None, args.note)
            except DuplicateTerm:
                known += 1
                continue
            added += 1
            rejected += len(project.audit_entry(audit_id).after.get("spans", {}))
    print(f"{added} terms added, {known} already whitelisted; {rejected} pending spans rejected")
    return Exit.OK


def run_export(args: argparse.Namespace) -> int:
    from reviewer_app.exporters.atomic import atomic_write_text

    project = _open(args, read_only=True)
    if project is None:
        return Exit.BAD_INPUT
    with project:
        terms = [e.term for e in project.whitelist() if e.scope == "project"]
        name = project.name
    header = f"# Whitelist of project {name}: one term a line.\n"
    atomic_write_text(args.file, header + "".join(f"{t}\n" for t in terms))
    print(f"{len(terms)} terms written to {args.file}")
    return Exit.OK
