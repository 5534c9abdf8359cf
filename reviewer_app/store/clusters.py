"""Person clusters of a document: stored, proposed, and reshaped by a reviewer."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from reviewer_app.core.spans import Status
from reviewer_app.store.records import _SPAN_SELECT, Cluster, ClusterProposal, Row, RowSet

if TYPE_CHECKING:
    from reviewer_app.store.project import Project


class ClustersMixin:
    """Part of `Project`: uses its connection and transactions."""

    def clusters(self, document_id: str) -> list[Cluster]:
        members: dict[int, list[int]] = {}
        for row in self._rows(
            "SELECT id, cluster_id FROM spans WHERE document_id = ? AND cluster_id IS NOT NULL"
            " ORDER BY final_start",
            (document_id,),
        ):
            members.setdefault(row["cluster_id"], []).append(row["id"])
        return [
            Cluster(
                r["id"],
                r["document_id"],
                r["label"],
                r["name"],
                tuple(members.get(r["id"], ())),
                bool(r["reviewed"]),
            )
            for r in self._rows(
                "SELECT id, document_id, label, name, reviewed FROM clusters WHERE document_id = ?"
                " ORDER BY id",
                (document_id,),
            )
        ]

    def cluster(self, cluster_id: int) -> Cluster:
        rows = self._rows("SELECT document_id FROM clusters WHERE id = ?", (cluster_id,))
        if not rows:
            raise KeyError(cluster_id)
        return next(c for c in self.clusters(rows[0]["document_id"]) if c.id == cluster_id)

    def set_clusters(
        self,
        document_id: str,
        proposals: Sequence[ClusterProposal],
        who: str = "",
        *,
        keep_reviewed: bool = False,
        joins: Mapping[int, Sequence[int]] | None = None,
    ) -> list[int]:
        """Replace the document's clusters with a clustering step's proposals;
        returns the new cluster ids in the order given.

        keep_reviewed: clusters a reviewer merged, split or relabelled stay as they
        are and only the others are replaced. `joins` then adds spans that are in
        no cluster to kept ones (cluster id -> span ids), for new variants of a
        person the reviewer already grouped.
        """
        ids = []
        with self._write():
            replaced = "document_id = ?" + (" AND reviewed = 0" if keep_reviewed else "")
            self._conn.execute(
                "UPDATE spans SET cluster_id = NULL WHERE document_id = ?"
                f" AND cluster_id IN (SELECT id FROM clusters WHERE {replaced})",
                (document_id, document_id),
            )
            self._conn.execute(f"DELETE FROM clusters WHERE {replaced}", (document_id,))
            kept = {
                r[0]
                for r in self._conn.execute("SELECT id FROM clusters WHERE document_id = ?", (document_id,))
            }
            for cluster_id, span_ids in (joins or {}).items():
                if cluster_id not in kept:
                    raise KeyError(f"no kept cluster {cluster_id} in {document_id}")
                self._conn.executemany(
                    "UPDATE spans SET cluster_id = ? WHERE id = ? AND document_id = ? AND cluster_id IS NULL",
                    [(cluster_id, span_id, document_id) for span_id in span_ids],
                )
            for proposal in proposals:
                cluster_id = int(
                    self._conn.execute(
                        "INSERT INTO clusters(document_id, label, name) VALUES (?, ?, ?)",
                        (document_id, proposal.label, proposal.name),
                    ).lastrowid
                )
                ids.append(cluster_id)
                self._conn.executemany(
                    "UPDATE spans SET cluster_id = ? WHERE id = ? AND document_id = ?",
                    [(cluster_id, span_id, document_id) for span_id in proposal.span_ids],
                )
            self._audit(
                "set_clusters",
                who or self.reviewer,
                document_id,
                {},
                {
                    "clusters": len(ids),
                    "kept": len(kept),
                    "joined": sum(len(v) for v in (joins or {}).values()),
                },
            )
        return ids

    def merge_clusters(self, keep_id: int, absorb_id: int, who: str = "") -> int:
        """Move every span of `absorb_id` into `keep_id` and drop `absorb_id`."""
        if keep_id == absorb_id:
            raise ValueError("a cluster cannot be merged with itself")
        who = who or self.reviewer
        with self._write():
            keep, absorb = self._cluster_row(keep_id), self._cluster_row(absorb_id)
            if keep["document_id"] != absorb["document_id"]:
                raise ValueError("clusters of different documents cannot be merged")
            now = time.time()
            before: RowSet = {"clusters": {absorb_id: absorb, keep_id: keep}, "spans": {}}
            after: RowSet = {"clusters": {absorb_id: None, keep_id: {**keep, "reviewed": 1}}, "spans": {}}
            for row in self.db.query(f"SELECT {_SPAN_SELECT} FROM spans WHERE cluster_id = ?", (absorb_id,)):
                before["spans"][row["id"]] = dict(row)
                row.update(cluster_id=keep_id, updated_at=now)
                after["spans"][row["id"]] = row
            return self._commit_change("merge_clusters", who, keep["document_id"], before, after)

    def split_cluster(self, span_ids: Sequence[int], name: str = "", who: str = "") -> int:
        """Move the given spans (one variant, say) out of their cluster into a new one."""
        who = who or self.reviewer
        with self._write():
            rows = self._span_rows(span_ids)
            if not rows or len({r["document_id"] for r in rows}) != 1:
                raise ValueError("split needs spans of one document")
            old = next((r["cluster_id"] for r in rows if r["cluster_id"] is not None), None)
            old_row = self._cluster_row(old) if old is not None else None
            label = old_row["label"] if old_row is not None else rows[0]["final_label"]
            cluster_id = self._next_id("clusters")
            text = self.document_text(rows[0]["document_id"])
            cluster = {
                "id": cluster_id,
                "document_id": rows[0]["document_id"],
                "label": label,
                "name": name or text[rows[0]["final_start"] : rows[0]["final_end"]],
                "reviewed": 1,
            }
            now = time.time()
            before: RowSet = {"clusters": {cluster_id: None}, "spans": {r["id"]: dict(r) for r in rows}}
            for row in rows:
                row.update(cluster_id=cluster_id, updated_at=now)
            after: RowSet = {"clusters": {cluster_id: cluster}, "spans": {r["id"]: r for r in rows}}
            if old_row is not None:
                # What stays behind is a reviewer's grouping too: a new clustering
                # run must not pull the split-off variant back in.
                before["clusters"][old_row["id"]] = old_row
                after["clusters"][old_row["id"]] = {**old_row, "reviewed": 1}
            return self._commit_change("split_cluster", who, cluster["document_id"], before, after)

    def split_cluster_id(self, audit_id: int) -> int:
        """The id of the cluster a `split_cluster` action made."""
        entry = self.audit_entry(audit_id)
        (cluster_id,) = (int(k) for k, row in entry.before["clusters"].items() if row is None)
        return cluster_id

    def relabel_cluster(self, cluster_id: int, label: str, who: str = "") -> int:
        """Give the cluster and all its spans a new label; the spans are accepted."""
        who = who or self.reviewer
        with self._write():
            cluster = self._cluster_row(cluster_id)
            now = time.time()
            before: RowSet = {"clusters": {cluster_id: dict(cluster)}, "spans": {}}
            relabelled = {**cluster, "label": label, "reviewed": 1}
            after: RowSet = {"clusters": {cluster_id: relabelled}, "spans": {}}
            for row in self.db.query(f"SELECT {_SPAN_SELECT} FROM spans WHERE cluster_id = ?", (cluster_id,)):
                before["spans"][row["id"]] = dict(row)
                row.update(
                    final_label=label,
                    status=Status.ACCEPTED.value,
                    reviewer=who,
                    decided_at=now,
                    updated_at=now,
                    whitelist_id=None,
                )
                after["spans"][row["id"]] = row
            return self._commit_change("relabel_cluster", who, cluster["document_id"], before, after)

    def decide_cluster(self, cluster_id: int, status: Status, who: str = "") -> int:
        return self.decide_many(self.cluster(cluster_id).span_ids, status, who, action="decide_cluster")

    def _cluster_row(self, cluster_id: int | None) -> Row:
        rows = list(
            self.db.query(
                "SELECT id, document_id, label, name, reviewed FROM clusters WHERE id = ?", (cluster_id,)
            )
        )
        if not rows:
            raise KeyError(cluster_id)
        return rows[0]


def propose_clusters(project: Project, document_id: str, threshold: float) -> int:
    """Group the document's person mentions into clusters with `core.clusters` and
    store them; returns how many clusters the document has.

    Clusters a reviewer merged, split or relabelled are kept as they are; mentions
    in no kept cluster (new variants a detection run found) join the kept cluster
    they belong to or are proposed as new clusters; earlier proposals nobody
    touched are replaced.
    """
    # Here, not at the top: the clustering code is not needed to open a project.
    from reviewer_app.store.reviewed_clusters import CLUSTERED_LABELS, fit_clusters

    document = project.document(document_id)
    reviewed = {c.id for c in project.clusters(document_id) if c.reviewed}
    stored = [s for s in project.spans(document_id) if s.label in CLUSTERED_LABELS]
    kept = [s.cluster_id if s.cluster_id in reviewed else None for s in stored]
    fit = fit_clusters(document, [s.span for s in stored], kept, threshold)
    proposals = [
        ClusterProposal(
            "PERSON",
            project.document_text(document_id)[stored[group[0]].start : stored[group[0]].end],
            tuple(stored[i].id for i in group),
        )
        for group in fit.new_groups
    ]
    joins = {cluster: tuple(stored[i].id for i in members) for cluster, members in fit.joins.items()}
    project.set_clusters(document_id, proposals, keep_reviewed=True, joins=joins)
    return len(reviewed) + len(proposals)
