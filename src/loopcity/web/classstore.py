"""Persistence of classes: a teacher's tables under one facilitator link, the join code, the students.

A class is stored beside its tables (``classes``, ``class_tables``, ``students``; migration 0004) in the
same database as :mod:`loopcity.web.db`. A student is known by a key their browser keeps (an HttpOnly
cookie): the key, never the join code, leads to their seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, delete, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from .db import Base, Database


class ClassRow(Base):
    """A class: its facilitator token, join code (None once the class has ended) and settings."""

    __tablename__ = "classes"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    code: Mapped[str | None] = mapped_column(String(16), unique=True, nullable=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    ended: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ClassTableRow(Base):
    """Table ``n`` (from 1) of a class: the game table it plays now."""

    __tablename__ = "class_tables"
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)


class StudentRow(Base):
    """A student of a class: their name and where they sit (table ``table_n``, ``seat``; None: no seat)."""

    __tablename__ = "students"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    table_n: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class StoredClass:
    id: str
    token: str
    code: str | None
    settings: dict[str, Any]
    ended: bool
    tables: dict[int, str]
    """table number -> game table id"""


@dataclass
class Student:
    key: str
    name: str
    table_n: int | None
    seat: int | None


def _now() -> datetime:
    return datetime.now(UTC)


class ClassStore:
    """The classes of the web app, in the tables' database."""

    def __init__(self, db: Database) -> None:
        self.engine = db.engine
        self.written = db.written

    def create(
        self, class_id: str, token: str, code: str, settings: dict[str, Any], tables: dict[int, str]
    ) -> None:
        with self.written() as s:
            s.add(
                ClassRow(
                    id=class_id, token=token, code=code, settings=settings, ended=False, created_at=_now()
                )
            )
            s.flush()
            for n, table_id in tables.items():
                s.add(ClassTableRow(class_id=class_id, n=n, table_id=table_id))

    def code_taken(self, code: str) -> bool:
        with Session(self.engine) as s:
            return s.scalar(select(ClassRow.id).where(ClassRow.code == code)) is not None

    def _stored(self, s: Session, row: ClassRow | None) -> StoredClass | None:
        if row is None:
            return None
        tables = {
            r.n: r.table_id for r in s.scalars(select(ClassTableRow).where(ClassTableRow.class_id == row.id))
        }
        return StoredClass(
            row.id, row.token, row.code, dict(row.settings or {}), row.ended, dict(sorted(tables.items()))
        )

    def by_token(self, token: str) -> StoredClass | None:
        with Session(self.engine) as s:
            return self._stored(s, s.scalar(select(ClassRow).where(ClassRow.token == token)))

    def by_code(self, code: str) -> StoredClass | None:
        with Session(self.engine) as s:
            return self._stored(s, s.scalar(select(ClassRow).where(ClassRow.code == code)))

    def by_id(self, class_id: str) -> StoredClass | None:
        with Session(self.engine) as s:
            return self._stored(s, s.get(ClassRow, class_id))

    def of_table(self, table_id: str) -> tuple[str, int] | None:
        """(class id, table number) of a game table that belongs to a class."""
        with Session(self.engine) as s:
            row = s.scalar(select(ClassTableRow).where(ClassTableRow.table_id == table_id))
            return (row.class_id, row.n) if row is not None else None

    def set_settings(self, class_id: str, settings: dict[str, Any]) -> None:
        with self.written() as s:
            row = s.get(ClassRow, class_id)
            if row is not None:
                row.settings = dict(settings)

    def end(self, class_id: str) -> None:
        """The class has ended: its join code no longer leads anywhere."""
        with self.written() as s:
            row = s.get(ClassRow, class_id)
            if row is not None:
                row.ended, row.code = True, None

    def set_table(self, class_id: str, n: int, table_id: str) -> None:
        with self.written() as s:
            row = s.get(ClassTableRow, (class_id, n))
            if row is None:
                s.add(ClassTableRow(class_id=class_id, n=n, table_id=table_id))
            else:
                row.table_id = table_id

    # ----- students ------------------------------------------------------------------------------
    def students(self, class_id: str) -> list[Student]:
        with Session(self.engine) as s:
            rows = s.scalars(
                select(StudentRow).where(StudentRow.class_id == class_id).order_by(StudentRow.created_at)
            )
            return [Student(r.key, r.name, r.table_n, r.seat) for r in rows]

    def student(self, key: str) -> tuple[str, Student] | None:
        """(class id, student) for a student's key."""
        with Session(self.engine) as s:
            r = s.get(StudentRow, key)
            return (r.class_id, Student(r.key, r.name, r.table_n, r.seat)) if r is not None else None

    def add_student(self, class_id: str, student: Student) -> None:
        with self.written() as s:
            s.add(
                StudentRow(
                    key=student.key,
                    class_id=class_id,
                    name=student.name,
                    table_n=student.table_n,
                    seat=student.seat,
                    created_at=_now(),
                )
            )

    def place(self, key: str, table_n: int | None, seat: int | None) -> None:
        with self.written() as s:
            row = s.get(StudentRow, key)
            if row is not None:
                row.table_n, row.seat = table_n, seat

    def rekey(self, key: str, new: str) -> None:
        """A student's key replaced (a new phone): the old key leads nowhere."""
        with self.written() as s:
            s.execute(update(StudentRow).where(StudentRow.key == key).values(key=new))

    def remove_student(self, key: str) -> None:
        with self.written() as s:
            s.execute(delete(StudentRow).where(StudentRow.key == key))
