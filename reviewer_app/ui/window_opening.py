"""How the main window opens things: transcripts and projects from the file
dialogs, the welcome page, drag and drop. A transcript opened with no project is
read first and gets its project in the data folder only once it proved good.

Part of `MainWindow` (a mixin: it uses the window's widgets, project and tasks).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog

from reviewer_app.core.document import Document
from reviewer_app.paths import data_dir, resource
from reviewer_app.store.project import DuplicateDocument, Project
from reviewer_app.ui.workers import Task, import_on_ui_thread

OPEN_FILTER = "Transcripts and projects (*.pdf *.txt *.vtt *.srt *.json *.db);;All files (*)"
TRANSCRIPT_FILTER = "Transcripts (*.pdf *.txt *.vtt *.srt *.json);;All files (*)"
PROJECT_FILTER = "Projects (*.db);;All files (*)"


def default_project_path(transcript: Path) -> Path:
    """Where a transcript opened on its own is kept: one project per file name."""
    stem = re.sub(r"[^\w.-]+", "_", transcript.stem) or "transcript"
    return data_dir() / "projects" / f"{stem}.db"


class OpeningMixin:
    def choose_file(
        self, caption: str = "Open a transcript or project", file_filter: str = OPEN_FILTER, folder: str = ""
    ) -> None:
        path, _ = QFileDialog.getOpenFileName(self, caption, self.memory.folder("open", folder), file_filter)
        if path:
            self.memory.remember_folder("open", Path(path))
            self.open_path(Path(path))

    def choose_project_to_create(self) -> None:
        folder = str(data_dir() / "projects")
        path, _ = QFileDialog.getSaveFileName(self, "New project", folder, "Projects (*.db)")
        if path:
            target = Path(path) if path.endswith(".db") else Path(path + ".db")
            if self.open_project(target, create=True):
                self.memory.add_recent("projects", target)

    def open_sample(self) -> None:
        self.open_path(resource("sample", "sample_hearing.pdf"))

    def choose_files_to_add(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Add transcripts", self.memory.folder("open"), TRANSCRIPT_FILTER
        )
        if paths:
            self.memory.remember_folder("open", Path(paths[0]))
        for path in paths:
            self.import_into_project(Path(path), open_it=False)

    def open_path(self, path: Path) -> Task | None:
        """A project (.db) opens at once; a transcript is imported off the UI thread
        into the current project, or into its own project in the data folder."""
        path = Path(path)
        if path.suffix.lower() == ".db":
            if self.project is not None and self.project.path.resolve() == path.resolve():
                return None  # already open (a double click, a second drop)
            if self.open_project(path):
                self.memory.add_recent("projects", path)
            return None
        if self.project is None:
            return self._open_transcript_alone(path)
        known = self._known_document(path)
        if known is not None:
            # Opened before: the project has it with every decision; no re-import.
            if self.review is None or self.review.document_id != known:
                self.open_document(known)
            elif self.review.document is not None:
                self.document_shown.emit(self.review.document)
            return None
        return self.import_into_project(path, open_it=True)

    def _open_transcript_alone(self, path: Path, followers: list[Path] | None = None) -> Task | None:
        """A transcript opened with no project open. Its project (in the data folder)
        is opened or created only once the file proved to be a transcript: a bad file
        gets its message and leaves no project file behind and the window as it was.
        `followers` (more dropped transcripts) are then imported into that project."""
        target = default_project_path(path)
        if target.exists():
            try:
                candidate = Project.open(target)
            except Exception:  # noqa: BLE001 - the import below says what is wrong, if anything
                candidate = None
            if candidate is not None:
                known = self._known_document(path, candidate)
                if known is not None:
                    # Opened before: the project has it with every decision; no re-import.
                    self.close_project()
                    self.set_project(candidate)
                    if self.review is not None and self.review.document_id != known:
                        self.open_document(known)
                    self.memory.add_recent("transcripts", path)
                    for follower in followers or ():
                        self.import_into_project(follower, open_it=False)
                    return None
                candidate.close()
        return self.import_into_project(path, open_it=True, followers=followers)

    def _known_document(self, path: Path, project: Project | None = None) -> str | None:
        project = project or self.project
        assert project is not None
        try:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return None  # the importer reports it in plain words
        return project.find_document_by_sha256(digest)

    def open_project(self, path: Path, create: bool = False) -> bool:
        try:
            project = Project.create(path) if create and not path.exists() else Project.open(path)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a dialog
            self.report_error("Could not open the project", exc, "opening the project")
            return False
        self.close_project()
        self.set_project(project)
        return True

    def import_into_project(self, path: Path, open_it: bool, followers: list[Path] | None = None) -> Task:
        from reviewer_app.importers import import_file
        from reviewer_app.importers.pdf import PDF_LIBRARIES

        settings = self.settings
        self.message_label.setText(f"Importing {path.name}…")
        import_on_ui_thread(*PDF_LIBRARIES)
        task = Task(lambda progress: import_file(path, settings), name="import")
        task.signals.succeeded.connect(lambda document: self._imported(document, open_it, path, followers))
        task.signals.failed.connect(
            lambda exc: self.report_error("Could not open the file", exc, "opening it")
        )
        return self.tasks.start(task)

    def _imported(self, document: Document, open_it: bool, path: Path, followers: list[Path] | None) -> None:
        alone = self.project is None
        if alone and not self.open_project(default_project_path(path), create=True):
            return
        if alone and open_it:
            # Listed on the welcome screen; one opened into a corpus is reached through its project.
            self.memory.add_recent("transcripts", path)
        try:
            document_id = self.project.add_document(document, self.settings.reviewer)
        except DuplicateDocument as exc:
            document_id = exc.existing_id
        except Exception as exc:  # noqa: BLE001 - every failure becomes a dialog
            self.report_error("Could not add the transcript to the project", exc, "saving it")
            return
        self.refresh_documents()
        if open_it:
            self.open_document(document_id)
        for follower in followers or ():
            self.import_into_project(follower, open_it=False)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            extras = [extra for extra in files[1:] if extra.suffix.lower() != ".db"]
            if self.project is None and extras and files[0].suffix.lower() != ".db":
                # The first transcript's project is made once it proved good; the others follow it in.
                self._open_transcript_alone(files[0], extras)
                return
            self.open_path(files[0])
            for extra in extras if self.project is not None else ():
                self.import_into_project(extra, open_it=False)
