"""The main window: menus, docks and the wiring between panels.

It holds no review data itself: the project store holds it, the review
controller knows the open document and current span, and each panel is its
own module. This file places them and connects signals.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from reviewer_app.core.clusters import FUZZY_LIBRARIES
from reviewer_app.core.document import Document
from reviewer_app.core.labels import catalog
from reviewer_app.core.spans import Status
from reviewer_app.detectors.registry import available_detectors
from reviewer_app.evaluation.review_pace import project_pace
from reviewer_app.importers.text import describe_encoding
from reviewer_app.paths import data_dir
from reviewer_app.settings import Settings, load_settings, save_settings
from reviewer_app.store.project import Project
from reviewer_app.ui import navigation
from reviewer_app.ui.about_dialog import AboutDialog, window_title
from reviewer_app.ui.actions import CheatSheet, ReviewActions
from reviewer_app.ui.clusters_panel import ClustersPanel
from reviewer_app.ui.colors import ColourBy
from reviewer_app.ui.detection import (
    INTERRUPTED,
    DetectionDialog,
    DetectionQueue,
    InterruptedBanner,
)
from reviewer_app.ui.documents_panel import DocumentsPanel
from reviewer_app.ui.elided_label import ElidedLabel
from reviewer_app.ui.errors import plain_message, show_error
from reviewer_app.ui.evaluation_view import EvaluationView
from reviewer_app.ui.export_dialog import ExportDialog
from reviewer_app.ui.find_bar import FindBar
from reviewer_app.ui.focus import FOCUS_STYLE_SHEET
from reviewer_app.ui.inspector import Inspector
from reviewer_app.ui.label_picker import LabelPicker
from reviewer_app.ui.legend import Legend
from reviewer_app.ui.models_dialog import ModelsDialog
from reviewer_app.ui.preview import PreviewPane
from reviewer_app.ui.review_controller import ReviewController
from reviewer_app.ui.span_table import SpanTablePanel
from reviewer_app.ui.train_dialog import TrainDialog
from reviewer_app.ui.transcript_view import TranscriptView
from reviewer_app.ui.welcome import WelcomeScreen
from reviewer_app.ui.whitelist_dialog import WhitelistDialog
from reviewer_app.ui.window_detection import DetectionMixin
from reviewer_app.ui.window_memory import WindowMemory
from reviewer_app.ui.window_opening import PROJECT_FILTER, TRANSCRIPT_FILTER, OpeningMixin
from reviewer_app.ui.workers import Task, TaskRunner, import_on_ui_thread

log = logging.getLogger(__name__)

# Actions that make sense before any document is open.
WITHOUT_DOCUMENT = frozenset(
    {"cheat_sheet", "toggle_colour", "toggle_preview", "focus_table", "focus_text", "focus_persons"}
)


class MainWindow(OpeningMixin, DetectionMixin, QMainWindow):
    document_shown = Signal(object)  # the Document
    error_shown = Signal(object)  # the QMessageBox
    project_opened = Signal(object)  # the Project

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(window_title())
        self.setAcceptDrops(True)
        self.setStyleSheet(FOCUS_STYLE_SHEET)
        self.resize(1500, 950)
        self.tasks = TaskRunner(self)
        self.memory = WindowMemory()
        import_on_ui_thread(*FUZZY_LIBRARIES)  # the preview and export-check tasks use it
        self.project: Project | None = None
        self.review: ReviewController | None = None
        self.actions = ReviewActions(self)
        self.transcript = TranscriptView(self)
        # The transcript between the interrupted-detection banner and the find bar.
        transcript_pane = QWidget(self)
        pane_layout = QVBoxLayout(transcript_pane)
        pane_layout.setContentsMargins(0, 0, 0, 0)
        pane_layout.setSpacing(0)
        self.interrupted_banner = InterruptedBanner(transcript_pane)
        self.find_bar = FindBar(self.transcript, lambda: self.review, transcript_pane)
        for widget in (self.interrupted_banner, self.transcript, self.find_bar):
            pane_layout.addWidget(widget)
        pane_layout.setStretchFactor(self.transcript, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(transcript_pane)
        self.preview = PreviewPane(self.tasks, self)
        self.preview.person_tags = settings.person_tags
        self.splitter.addWidget(self.preview)
        self.preview.hide()
        # The welcome page until a project is open, then the transcript.
        self.pages = QStackedWidget(self)
        # Scrolled: a stacked widget is as large as its largest page, and the welcome's
        # buttons, recent lists and detector list would hold the review page (and the
        # window) at least 690x600 pixels, more than a 1024x700 screen leaves it.
        self.welcome_page = QScrollArea(self)
        self.welcome_page.setWidgetResizable(True)
        self.welcome_page.setFrameShape(QFrame.Shape.NoFrame)
        self.welcome_page.setWidget(QWidget(self.welcome_page))
        QVBoxLayout(self.welcome_page.widget())
        self.welcome: WelcomeScreen | None = None
        self.pages.addWidget(self.welcome_page)
        self.pages.addWidget(self.splitter)
        self.setCentralWidget(self.pages)
        self.documents = DocumentsPanel(self)
        self.inspector = Inspector(
            [self.actions.accept, self.actions.reject, self.actions.relabel, self.actions.whitelist], self
        )
        self.legend = Legend(self)
        self.side_tabs = QTabWidget(self)
        self.side_tabs.addTab(self.inspector, "Inspector")
        self.clusters = ClustersPanel(lambda: self.review, self)
        self.side_tabs.addTab(self.clusters, "Persons")
        self.side_tabs.addTab(self.legend, "Legend")
        self._clusters_timer = QTimer(self)
        self._clusters_timer.setSingleShot(True)
        self._clusters_timer.setInterval(150)
        self._clusters_timer.timeout.connect(self.clusters.refresh)
        self._clusters_timer.timeout.connect(self._update_document_counts)
        self.span_table = SpanTablePanel(self)
        self.label_picker = LabelPicker(self)
        self._picker_purpose = "relabel"
        self.docks = [
            self._dock(self.documents, "Documents", Qt.DockWidgetArea.LeftDockWidgetArea),
            self._dock(self.side_tabs, "Span", Qt.DockWidgetArea.RightDockWidgetArea),
            self._dock(self.span_table, "Spans", Qt.DockWidgetArea.BottomDockWidgetArea),
        ]
        # Where the reviewer left the docks; shown with a transcript.
        self._docks_placed = self.memory.restore_window(self)
        # Empty panels around the welcome page only crowd it; they appear with a transcript.
        for dock in self.docks:
            dock.hide()
        self.progress_label = QLabel(self)
        self.saved_label = QLabel(self)
        self.detection_label = QLabel(self)
        self.message_label = ElidedLabel(
            "Open a transcript or project: File > Open, or drop a file here.", self
        )
        self.cancel_button = QPushButton("Cancel detection", self)
        self.cancel_button.setVisible(False)
        self.statusBar().addWidget(self.message_label, 1)
        for widget in (self.detection_label, self.cancel_button, self.progress_label, self.saved_label):
            self.statusBar().addPermanentWidget(widget)
        self.detection: DetectionQueue | None = None
        self.detection_dialog: DetectionDialog | None = None
        self.export_dialog: ExportDialog | None = None
        self.detector_infos = None  # checked on first use
        self._welcome_pending = False
        self._quit_confirmed = False
        self.quit_box: QMessageBox | None = None
        self._build_menus()
        self._connect()
        self.memory.keep_colour_mode(self.legend)
        self._update_enabled()
        self.apply_palette(settings.palette)

    def _dock(self, widget: QWidget, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title}")
        dock.setWidget(widget)
        features = QDockWidget.DockWidgetFeature
        dock.setFeatures(features.DockWidgetMovable | features.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        return dock

    # -- menus -------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(lambda: self.choose_file())
        file_menu.addAction(self.open_action)
        self.add_action = QAction("&Add transcripts to project…", self)
        self.add_action.triggered.connect(self.choose_files_to_add)
        file_menu.addAction(self.add_action)
        file_menu.addActions(self.actions.in_menu("File"))
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        # Not StandardKey.Quit: it has no key on some platforms (offscreen, some desktops).
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        self.menus: dict[str, QMenu] = {}
        for menu_name in ("Edit", "Review", "View", "Tools", "Help"):
            menu = self.menus[menu_name] = self.menuBar().addMenu(f"&{menu_name}")
            menu.addActions(self.actions.in_menu(menu_name))
        self.menus["View"].addMenu(self.legend.palette_menu)
        evaluation = QAction("&Evaluation…", self)
        evaluation.triggered.connect(self.open_evaluation)
        self.menus["Tools"].addAction(evaluation)
        self.models_action = QAction("&Models…", self)
        self.models_action.setStatusTip("Which detectors are ready, and how to add the missing models")
        self.models_action.triggered.connect(self.open_models_dialog)
        self.menus["Tools"].addAction(self.models_action)
        self.train_action = QAction("&Train from reviewed documents…", self)
        self.train_action.setStatusTip("Learn detection from this project's reviewed documents")
        self.train_action.triggered.connect(self.open_train_dialog)
        self.menus["Tools"].addAction(self.train_action)
        about = QAction("&About reviewer_app", self)
        about.triggered.connect(lambda: AboutDialog(self).open())
        self.menus["Help"].addAction(about)

    def _connect(self) -> None:
        a = self.actions
        a.next_pending.triggered.connect(lambda: self._step(True))
        a.previous_pending.triggered.connect(lambda: self._step(False))
        a.accept.triggered.connect(lambda: self.review and self.review.accept())
        a.reject.triggered.connect(lambda: self.review and self.review.reject())
        a.relabel.triggered.connect(self.start_relabel)
        a.widen_start.triggered.connect(lambda: self._resize(navigation.widen_start))
        a.widen_end.triggered.connect(lambda: self._resize(navigation.widen_end))
        a.narrow_start.triggered.connect(lambda: self._resize(navigation.narrow_start))
        a.narrow_end.triggered.connect(lambda: self._resize(navigation.narrow_end))
        a.add_span.triggered.connect(self.start_add_span)
        a.accept_identical.triggered.connect(lambda: self.decide_identical(Status.ACCEPTED, "document"))
        a.reject_identical.triggered.connect(lambda: self.decide_identical(Status.REJECTED, "document"))
        a.accept_identical_corpus.triggered.connect(lambda: self.decide_identical(Status.ACCEPTED, "corpus"))
        a.reject_identical_corpus.triggered.connect(lambda: self.decide_identical(Status.REJECTED, "corpus"))
        a.accept_selected.triggered.connect(lambda: self.decide_selected(Status.ACCEPTED))
        a.reject_selected.triggered.connect(lambda: self.decide_selected(Status.REJECTED))
        self.span_table.table.addActions([a.accept_selected, a.reject_selected])
        a.whitelist.triggered.connect(self.whitelist_current)
        a.whitelist_manager.triggered.connect(self.open_whitelist_manager)
        a.export.triggered.connect(self.open_export)
        a.undo.triggered.connect(lambda: self.step_history(redo=False))
        a.redo.triggered.connect(lambda: self.step_history(redo=True))
        a.detect.triggered.connect(self.choose_detection)
        a.toggle_colour.triggered.connect(self.toggle_colour)
        a.toggle_preview.triggered.connect(self.toggle_preview)
        self.transcript.verticalScrollBar().valueChanged.connect(
            lambda _: self.preview.isVisible() and self.preview.follow(self.transcript.first_visible_offset())
        )
        a.focus_table.triggered.connect(lambda: self.span_table.table.setFocus())
        a.focus_text.triggered.connect(lambda: self.transcript.setFocus())
        a.focus_persons.triggered.connect(self.focus_persons)
        a.cheat_sheet.triggered.connect(lambda: CheatSheet(self).open())
        a.find.triggered.connect(self.find_bar.open_bar)
        a.find_next.triggered.connect(lambda: self.find_bar.step(True))
        a.find_previous.triggered.connect(lambda: self.find_bar.step(False))
        self.find_bar.message.connect(self.message_label.setText)
        self.interrupted_banner.run_again.connect(self.choose_detection)
        self.label_picker.chosen.connect(self._label_chosen)
        self.legend.colour_by_changed.connect(self.transcript.set_colour_by)
        self.legend.hidden_detectors_changed.connect(self.transcript.set_hidden_detectors)
        self.legend.palette_chosen.connect(lambda name: self.apply_palette(name, remember=True))
        self.transcript.span_clicked.connect(self._choose_span)
        self.span_table.span_selected.connect(self._choose_span)
        self.documents.document_chosen.connect(self.open_document)
        self.clusters.span_requested.connect(self._choose_span)
        self.clusters.relabel_requested.connect(self.start_relabel_cluster)
        self.clusters.document_requested.connect(self.open_document)

    def _update_enabled(self) -> None:
        has_doc = self.review is not None and self.review.document is not None
        for key, action in self.actions.all.items():
            if key not in WITHOUT_DOCUMENT:
                action.setEnabled(has_doc)
        self.add_action.setEnabled(self.project is not None)

    # -- opening -----------------------------------------------------------------
    def open_evaluation(self) -> None:
        view = EvaluationView(runner=self.tasks)
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.resize(1100, 800)
        self.evaluation_view = view
        view.show()

    def open_models_dialog(self) -> ModelsDialog:
        # The status checks are cheap (no model or heavy library is loaded).
        dialog = ModelsDialog(self.settings, parent=self)
        dialog.settings_changed.connect(self.apply_settings)
        self.models_dialog = dialog
        dialog.open()
        return dialog

    def open_train_dialog(self) -> TrainDialog | None:
        if self.project is None:
            self.message_label.setText("Open a project with reviewed documents to train from it.")
            return None
        reviewed = sum(1 for d in self.project.list_documents() if d.fully_reviewed)
        if reviewed == 0:
            show_error(
                self,
                "Nothing to learn from yet",
                "Training learns from fully reviewed documents (every span accepted or rejected); "
                "this project has none yet.",
            )
            return None
        dialog = TrainDialog(self.project.path, self.settings, reviewed, self)
        dialog.settings_changed.connect(self.apply_settings)
        self.train_dialog = dialog
        dialog.open()
        return dialog

    def apply_settings(self, settings: Settings) -> None:
        """New settings (the file changed): the next detection and status check use them."""
        self.settings = settings
        self.detector_infos = None
        if self.detection is not None:
            self.detection.settings = settings
        if self.review is not None:
            self.review.settings = settings
        self.preview.set_person_tags(settings.person_tags)
        if self.welcome is not None:
            # Its detector lines are cheap to check again (no model is loaded).
            self._build_welcome(available_detectors(settings))

    # -- the welcome page --------------------------------------------------------
    def showEvent(self, event) -> None:
        super().showEvent(event)
        # After the first paint, and only if nothing was opened meanwhile.
        # With the window as context: a window deleted first drops the timer (without, SIGSEGV).
        QTimer.singleShot(0, self, self._show_welcome_if_idle)

    def _show_welcome_if_idle(self) -> None:
        if self.project is not None or self.welcome is not None or self._welcome_pending:
            return
        self._welcome_pending = True
        # In this process: the checks load no model and no heavy library (a unit
        # test holds them to that), and the welcome must not wait for, or depend
        # on, the detector process starting.
        settings = self.settings
        task = Task(lambda progress: available_detectors(settings), name="detector status")
        task.signals.succeeded.connect(self._build_welcome)
        # Without detector lines the welcome still offers every way in.
        task.signals.failed.connect(lambda exc: self._build_welcome([]))
        self.tasks.start(task)

    def _build_welcome(self, infos) -> None:
        self.detector_infos = infos
        if self.project is not None:
            return
        if self.welcome is not None:
            self.welcome.hide()
            self.welcome.deleteLater()
        welcome = WelcomeScreen(
            [(i.name, i.status) for i in infos],
            self.welcome_page.widget(),
            self.memory.recent("transcripts"),
            self.memory.recent("projects"),
        )
        welcome.recent_chosen.connect(self.open_path)
        welcome.open_transcript_requested.connect(
            lambda: self.choose_file("Open a transcript", TRANSCRIPT_FILTER)
        )
        welcome.open_project_requested.connect(
            lambda: self.choose_file("Open a project", PROJECT_FILTER, str(data_dir() / "projects"))
        )
        welcome.new_project_requested.connect(self.choose_project_to_create)
        welcome.open_sample_requested.connect(self.open_sample)
        welcome.models_requested.connect(self.open_models_dialog)
        self.welcome_page.widget().layout().addWidget(welcome)
        self.welcome = welcome

    def _show_review_page(self) -> None:
        self.pages.setCurrentWidget(self.splitter)
        for dock in self.docks:
            dock.show()
        if not self._docks_placed:
            # First start: the docks' own widths (256 and 508 pixels) left the transcript
            # a third of a 1024-pixel window; share the width out instead.
            self._docks_placed = True
            widths = [self.width() * 16 // 100, self.width() * 30 // 100]
            self.resizeDocks(self.docks[:2], widths, Qt.Orientation.Horizontal)

    def set_project(self, project: Project) -> None:
        self.project = project
        self._show_review_page()
        self.review = ReviewController(project, self.settings, self)
        self.detection = DetectionQueue(project, self.settings, self.tasks, self)
        self.detection.progress.connect(self._detection_progress)
        self.detection.document_done.connect(self._detection_done)
        self.detection.document_failed.connect(self._detection_failed)
        self.detection.finished.connect(self._detection_finished)
        self.cancel_button.clicked.connect(self.detection.cancel)
        self.review.spans_changed.connect(self._spans_changed)
        # Merges and splits of persons across documents change no span of the document.
        self.review.undo_stack.indexChanged.connect(self._undo_stack_moved)
        self.review.current_changed.connect(self._current_changed)
        self.review.error.connect(self._review_failed)
        self.documents.pace_source = lambda: project_pace(project) if self.project is project else {}
        self.setWindowTitle(window_title(project.name + (" (read-only)" if project.read_only else "")))
        if project.read_only:
            self.message_label.setText(f"Read-only: {project.locked_by or 'opened read-only'}")
        self.refresh_documents()
        self.project_opened.emit(project)
        position = project.last_position()
        if position is not None and position.document_id in project.document_ids():
            self.open_document(position.document_id, position.span_id)
        elif project.document_ids():
            self.open_document(project.document_ids()[0])
        self._update_enabled()

    def open_document(self, document_id: str, span_id: int | None = None) -> None:
        if self.review is None:
            return
        try:
            self.review.open_document(document_id, span_id)
        except Exception as exc:  # noqa: BLE001 - every failure becomes a dialog
            self.report_error("Could not open the document", exc, "reading it from the project")
            return
        document = self.review.document
        self.transcript.show_document(document, self.review.rows)
        self.find_bar.search()
        self.preview.show_for(self.project, document_id)
        self.span_table.model.set_rows(document, self.review.rows)
        self.legend.show_used(r.span.label for r in self.review.rows)
        self._current_changed(self.review.current_id)
        notes = "; ".join(document.notes)
        summary = f"{document.word_count:,} words, {len(document.utterances):,} utterances"
        if document.encoding:
            summary += f", read as {describe_encoding(document.encoding)}"
        self.message_label.setText(summary + (f" — {notes}" if notes else ""))
        if self._show_interrupted(self.project.document_summary(document_id).detection_status):
            self.message_label.setText(f"Detection was interrupted. {summary}")
        item = self.documents.item_of(document_id)
        if item is not None:
            self.documents.setCurrentItem(item)
        self._update_status()
        self._update_enabled()
        self.document_shown.emit(document)

    def show_document(self, document: Document) -> None:
        """Show a document that is not in a project (read-only preview)."""
        self.setWindowTitle(window_title(f"{document.id} (read-only)"))
        self._show_review_page()
        self.transcript.show_document(document)
        self.message_label.setText(f"{document.word_count:,} words, {len(document.utterances):,} utterances")
        self.document_shown.emit(document)

    def refresh_documents(self) -> None:
        if self.project is not None:
            current = self.review.document_id if self.review else None
            summaries = self.project.list_documents()
            self.documents.show_documents(summaries, current)
            status = next((d.detection_status for d in summaries if d.id == current), "")
            self._show_interrupted(status)

    def _show_interrupted(self, detection_status: str) -> bool:
        """The banner over the open document's transcript when its detection was cut off."""
        interrupted = detection_status == INTERRUPTED
        self.interrupted_banner.setVisible(interrupted)
        return interrupted

    def _update_document_counts(self) -> None:
        if self.project is not None:
            self.documents.update_summaries(self.project.list_documents())

    def close_project(self) -> None:
        if self.detection is not None:
            self.detection.shutdown()
            self.detection = None
        if self.review is not None:
            self.review.remember_position()
        self.interrupted_banner.hide()
        if self.export_dialog is not None:
            self.export_dialog.close()  # it plans the export of this project's document
            self.export_dialog = None
        if self.project is not None:
            self.project.close()
            self.project = None
            self.review = None
            self.setWindowTitle(window_title())

    # -- review ------------------------------------------------------------------
    def _step(self, forward: bool) -> None:
        if self.review is not None and self.review.go_to_pending(forward) is None:
            self.message_label.setText("No span is pending in this document.")

    def _choose_span(self, span_id: int) -> None:
        if self.review is not None:
            self.review.set_current(span_id)

    def _resize(self, step) -> None:
        if self.review is not None:
            self.review.resize(step)

    def start_relabel(self) -> None:
        if self.review is None or self.review.current is None:
            return
        self._picker_purpose = "relabel"
        self.label_picker.setWindowTitle("Relabel span")
        self.label_picker.choose_from(self.review.current.span.label)

    def start_relabel_cluster(self, cluster_id: int) -> None:
        self._picker_purpose = "cluster"
        self._picker_cluster = cluster_id
        self.label_picker.setWindowTitle("Relabel every mention of the person")
        self.label_picker.choose_from("PERSON")

    def start_add_span(self) -> None:
        selection = self.transcript.selected_range()
        if self.review is None or selection is None:
            self.message_label.setText("Select the text of the missed span first.")
            return
        self._picker_purpose = "add"
        self._pending_selection = selection
        self.label_picker.setWindowTitle("Label for the new span")
        self.label_picker.choose_from("PERSON")

    def _label_chosen(self, label: str) -> None:
        if self.review is None:
            return
        if self._picker_purpose == "add":
            self.review.add_span(*self._pending_selection, label)
        elif self._picker_purpose == "cluster":
            self.clusters.relabel(self._picker_cluster, label)
        else:
            self.review.relabel(label)

    def decide_identical(self, status: Status, scope: str) -> None:
        if self.review is None or self.review.current is None:
            return
        count = self.review.identical_count(scope)  # type: ignore[arg-type]
        self.review.decide_identical(status, scope)  # type: ignore[arg-type]
        where = "in this document" if scope == "document" else "in all documents"
        self.message_label.setText(f"{status.value.capitalize()} {count} identical mention(s) {where}.")
        if scope == "corpus":
            self.refresh_documents()

    def decide_selected(self, status: Status) -> None:
        """One decision for every row selected in the span table, as one undo step."""
        ids = self.span_table.selected_ids()
        if self.review is None or not ids:
            self.message_label.setText("Select rows in the span table first (Shift+click, Ctrl+click).")
            return
        if self.review.decide_ids(ids, status):
            self.message_label.setText(f"{status.value.capitalize()} {len(ids)} selected span(s).")

    def whitelist_current(self) -> None:
        """Whitelist the current span's text after saying how many pending
        mentions that rejects (Enter confirms)."""
        review = self.review
        if review is None or review.current is None or review.document is None:
            return
        term = review.current.span.text_in(review.document.text)
        in_document, in_corpus = review.whitelist_matches()
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Whitelist",
            f"Never flag “{term}” again?\n\nThis rejects {in_document} pending mention(s) in this "
            f"document and {in_corpus} in the project.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        box.setObjectName("whitelistConfirm")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def done(button: int) -> None:
            if button == QMessageBox.StandardButton.Yes and review.whitelist_current():
                self.message_label.setText(
                    f"Whitelisted; {in_document} pending mention(s) rejected here, "
                    f"{in_corpus} in the project."
                )

        box.finished.connect(done)
        self.confirm_box = box
        box.open()

    def step_history(self, redo: bool) -> None:
        """Undo or redo one step; the status bar says which, not the message of the step undone."""
        if self.review is None:
            return
        stack = self.review.undo_stack
        if not (stack.canRedo() if redo else stack.canUndo()):
            self.message_label.setText("Nothing to redo." if redo else "Nothing to undo.")
            return
        if redo:
            what = stack.redoText()
            stack.redo()
        else:
            what = stack.undoText()
            stack.undo()
        self.message_label.setText(f"{'Redone' if redo else 'Undone'}: {what}.")

    def open_whitelist_manager(self) -> None:
        if self.review is None:
            return
        dialog = WhitelistDialog(self.review, self)
        self.whitelist_dialog = dialog
        dialog.open()

    def open_export(self) -> None:
        if self.review is None or self.review.document_id is None or self.project is None:
            return
        # Its decisions go through the review, each one undo step here; Ctrl+Z and
        # Ctrl+Shift+Z work in the dialog too, and it checks again after them.
        dialog = ExportDialog(
            self.project,
            self.review.document_id,
            self.tasks,
            self,
            self.review,
            person_tags=self.settings.person_tags,
        )
        dialog.person_tags_changed.connect(self.choose_person_tags)
        dialog.addActions([self.actions.undo, self.actions.redo])
        dialog.finding_activated.connect(self._show_finding)
        self.memory.keep_export_folder(dialog.out_dir, dialog.exported)
        dialog.exported.connect(lambda paths: self._exported(paths))
        dialog.failed.connect(lambda exc: self.report_error("Could not export", exc, "exporting"))
        self.export_dialog = dialog
        # Not modal: the reviewer fixes what the leak guard finds in the text
        # with the dialog still open, then checks again.
        dialog.setModal(False)
        dialog.show()

    def _undo_stack_moved(self, _index: int) -> None:
        self._clusters_timer.start()

    def choose_person_tags(self, person_tags: str) -> None:
        """The reviewer chose how names are tagged: a setting, kept for the next
        session, that the preview and every export follow."""
        settings = dataclasses.replace(self.settings, person_tags=person_tags)
        try:
            save_settings(settings)
        except OSError as exc:
            self.report_error("Could not save the setting", exc, "saving the settings")
        self.apply_settings(settings)

    def _show_finding(self, start: int, end: int) -> None:
        """A leak guard finding: select it in the transcript, so T adds the missed span."""
        self.transcript.select_range(start, end)
        self.activateWindow()
        self.transcript.setFocus()

    def _exported(self, paths: list) -> None:
        names = ", ".join(Path(p).name for p in paths)
        self.message_label.setText(f"Exported {len(paths)} file(s): {names}")
        # The whole places, for a name cut off by the status bar's width.
        self.message_label.setToolTip("\n".join(str(p) for p in paths))
        self.refresh_documents()

    def focus_persons(self) -> None:
        self.side_tabs.setCurrentWidget(self.clusters)
        self.clusters.refresh()
        self.clusters.tree.setFocus()

    def toggle_preview(self) -> None:
        self.preview.setVisible(not self.preview.isVisible())
        if self.preview.isVisible():
            self.splitter.setSizes([1, 1])
            self.preview.follow(self.transcript.first_visible_offset())

    def apply_palette(self, name: str, remember: bool = False) -> None:
        """Draw everything in palette `name`; `remember` keeps it in the settings file."""
        labels = catalog(name)
        for panel in (self.transcript, self.legend, self.span_table, self.inspector, self.label_picker):
            panel.set_labels(labels)
        if remember and labels.palette != self.settings.palette:
            self.settings = dataclasses.replace(self.settings, palette=labels.palette)
            try:
                save_settings(dataclasses.replace(load_settings(), palette=labels.palette))
            except (OSError, ValueError) as exc:  # a read-only or hand-broken settings file
                self.message_label.setText(f"The palette is not kept for next time: {exc}")

    def toggle_colour(self) -> None:
        by_label = self.transcript.highlighter.colour_by is ColourBy.DETECTOR
        (self.legend.by_label if by_label else self.legend.by_detector).setChecked(True)

    # -- reacting to the review --------------------------------------------------
    def _spans_changed(self, changed) -> None:
        review = self.review
        if review is None or review.document is None or self.transcript.document_model is not review.document:
            return  # a document being opened: open_document shows it whole
        if changed is None:
            self.transcript.set_spans(review.rows)
            self.span_table.model.set_rows(review.document, review.rows)
        else:
            # Repaint where each changed span is now and where it was (a resize moves it).
            shown = [review.row(i) for i in changed] + [self.transcript.row(i) for i in changed]
            stretches = [(r.span.start, r.span.end) for r in shown if r is not None]
            self.transcript.update_spans(review.rows, stretches)
            self.span_table.model.update_rows(review.rows, changed)
        self._current_changed(review.current_id)
        self._update_status()
        self.legend.show_used(r.span.label for r in review.rows)
        # The persons panel and the preview follow after the keystroke's work is done.
        self._clusters_timer.start()
        self.preview.schedule()

    def _current_changed(self, span_id) -> None:
        review = self.review
        if review is None or self.transcript.document_model is not review.document:
            return
        self.transcript.show_span(span_id)
        self.span_table.follow(span_id)
        row = review.current
        self.inspector.show_span(
            review.document, row, self._cluster_text(row), document_has_spans=bool(review.rows)
        )

    def _cluster_text(self, row) -> str:
        if row is None or row.cluster_id is None or self.project is None:
            return ""
        try:
            cluster = self.project.cluster(row.cluster_id)
        except KeyError:
            return ""
        return f"{cluster.name} ({len(cluster.span_ids)} mentions)"

    def _update_status(self) -> None:
        review = self.review
        if review is None or review.document is None:
            self.progress_label.setText("")
            return
        total = len(review.rows)
        open_count = review.pending_count()
        self.progress_label.setText(f"{total - open_count:,} of {total:,} reviewed")
        self.saved_label.setText("All decisions saved" if not self.project.read_only else "Read-only")

    # -- errors ------------------------------------------------------------------
    def _review_failed(self, exc: BaseException, doing: str) -> None:
        # The store wrote nothing for a failed action: the status bar says so
        # until the next action succeeds.
        self.saved_label.setText("Last action NOT saved")
        self.report_error("That did not work", exc, doing)

    def report_error(self, title: str, exc: BaseException, doing: str) -> QMessageBox:
        self.message_label.setText(title)
        box = show_error(self, title, plain_message(exc, doing))
        self.error_shown.emit(box)
        return box

    def closeEvent(self, event) -> None:
        if self.detection is not None and self.detection.running and not self._quit_confirmed:
            # Quitting would cut the run off: ask first, without blocking (the answer closes again).
            event.ignore()
            self._ask_before_quitting()
            return
        self.tasks.cancel_all()
        self.tasks.wait(10000)
        self.memory.save_window(self)
        self.close_project()
        super().closeEvent(event)
