import GRDB

/// The database schema as named, append-only migrations: a migration, once released, is
/// never edited; a change of schema is a new migration at the end.
enum Schema {
  /// The last migration that reading needs: a database another process holds locked, or one
  /// on a read-only mount, is read without the migrations after it. A migration that adds
  /// what reading uses moves this to itself.
  static let readable = "v2: finished track"

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: sessions, fixes, track, display track, events") { db in
      try db.execute(
        sql: """
          CREATE TABLE session (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT,
            activity TEXT NOT NULL,
            origin TEXT NOT NULL,
            state TEXT NOT NULL,
            wasInterrupted INTEGER NOT NULL DEFAULT 0,
            source TEXT,
            createdAt REAL NOT NULL,
            updatedAt REAL NOT NULL,
            startTime REAL,
            endTime REAL,
            fixCount INTEGER NOT NULL DEFAULT 0,
            configuration TEXT NOT NULL,
            ownerPid INTEGER,
            ownerStart INTEGER,
            distance REAL,
            elapsed REAL,
            moving REAL,
            calories REAL,
            summary TEXT
          );
          CREATE INDEX session_by_start ON session(startTime);
          CREATE TABLE fix (
            sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            time REAL,
            latitude REAL,
            longitude REAL,
            altitude REAL,
            horizontalAccuracy REAL,
            verticalAccuracy REAL,
            speed REAL,
            course REAL,
            mode TEXT NOT NULL,
            provider TEXT NOT NULL,
            satellites INTEGER,
            hdop REAL,
            heartRate REAL,
            cadence REAL,
            deviceDistance REAL,
            segment INTEGER NOT NULL,
            originIndex INTEGER NOT NULL,
            originLine INTEGER,
            verdict TEXT,
            PRIMARY KEY (sessionId, seq)
          ) WITHOUT ROWID;
          CREATE TABLE trackPoint (
            sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            time REAL NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            altitude REAL,
            speed REAL NOT NULL,
            accuracy REAL,
            segment INTEGER NOT NULL,
            PRIMARY KEY (sessionId, seq)
          ) WITHOUT ROWID;
          CREATE TABLE displayPoint (
            sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            time REAL NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            altitude REAL,
            speed REAL NOT NULL,
            accuracy REAL,
            segment INTEGER NOT NULL,
            PRIMARY KEY (sessionId, seq)
          ) WITHOUT ROWID;
          CREATE TABLE event (
            sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL,
            time REAL NOT NULL,
            detail TEXT,
            PRIMARY KEY (sessionId, seq)
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("v2: finished track") { db in
      // The track the summary is computed from, with the distance at every point; the
      // flag tells a session finished before it was kept (recomputed when next read).
      try db.execute(
        sql: """
          CREATE TABLE finishedPoint (
            sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            time REAL NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            altitude REAL,
            speed REAL NOT NULL,
            stopped INTEGER NOT NULL CHECK (stopped IN (0, 1)),
            distance REAL NOT NULL CHECK (distance >= 0),
            segment INTEGER NOT NULL,
            PRIMARY KEY (sessionId, seq)
          ) WITHOUT ROWID;
          ALTER TABLE session ADD COLUMN hasFinishedTrack INTEGER NOT NULL DEFAULT 0
            CHECK (hasFinishedTrack IN (0, 1));
          """)
    }
    migrator.registerMigration("v3: content digest") { db in
      // An imported file's identity by content (`FixStreamDigest`): the import's duplicate
      // check. NULL for sessions imported before; the check computes theirs from their
      // stored fixes when it first needs them, so this migration stays instant.
      try db.execute(
        sql: """
          ALTER TABLE session ADD COLUMN contentDigest TEXT
            CHECK (contentDigest IS NULL OR length(contentDigest) = 64);
          CREATE INDEX session_by_content ON session(contentDigest);
          """)
    }
    return migrator
  }
}
