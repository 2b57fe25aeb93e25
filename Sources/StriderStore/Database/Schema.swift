import Foundation
import GRDB

/// The database schema as named, append-only migrations: a migration, once released, is
/// never edited; a change of schema is a new migration at the end.
enum Schema {
  /// The last migration that reading needs: a database another process holds locked, or one
  /// on a read-only mount, is read without the migrations after it. A migration that adds
  /// what reading uses moves this to itself.
  static let readable = "v2: finished track"

  static var migrator: DatabaseMigrator { migrator(progress: nil) }

  /// The migrations; `progress` is told how the backfills of v5 and v6 go (they read every
  /// session's finished track, then its fixes, once).
  static func migrator(progress: BackfillReporter?) -> DatabaseMigrator {
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
    migrator.registerMigration("v4: check constraints") { db in
      // SQLite adds a CHECK only to a new table: each table is made again with its checks
      // and its rows copied (SQLite's "making other kinds of table schema changes"); the
      // migrator turns foreign keys off meanwhile and checks them after. Only what every
      // Strider has written is checked, so every existing database migrates: the enums'
      // values, the flags, the counts. A fix keeps whatever numbers its file held.
      // The closed sets (fix mode, provider, origin, state) are listed; the ones the next
      // features grow (activities, gate verdicts, event kinds) are held to their shape, a
      // lowercase name, so that a new activity, gate check or event needs no rebuild of the
      // largest tables; an older Strider meeting one refuses that session by name when it
      // decodes it, it never reads it as something else. A track point's time may be null:
      // the points of an untimed file have none.
      let lastSession = try Int64.fetchOne(
        db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'session'")
      try rebuild(
        "session", db,
        """
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT,
        activity TEXT NOT NULL CHECK (activity <> '' AND activity NOT GLOB '*[^a-z_]*'),
        origin TEXT NOT NULL CHECK (origin IN ('live', 'imported', 'simulated')),
        state TEXT NOT NULL
          CHECK (state IN ('recording', 'interrupted', 'finished', 'importing', 'deleting')),
        wasInterrupted INTEGER NOT NULL DEFAULT 0 CHECK (wasInterrupted IN (0, 1)),
        source TEXT,
        createdAt REAL NOT NULL,
        updatedAt REAL NOT NULL,
        startTime REAL,
        endTime REAL,
        fixCount INTEGER NOT NULL DEFAULT 0 CHECK (fixCount >= 0),
        configuration TEXT NOT NULL,
        ownerPid INTEGER,
        ownerStart INTEGER,
        distance REAL CHECK (distance >= 0),
        elapsed REAL,
        moving REAL,
        calories REAL,
        summary TEXT,
        hasFinishedTrack INTEGER NOT NULL DEFAULT 0 CHECK (hasFinishedTrack IN (0, 1)),
        contentDigest TEXT CHECK (contentDigest IS NULL OR length(contentDigest) = 64)
        """)
      try db.execute(
        sql: """
          CREATE INDEX session_by_start ON session(startTime);
          CREATE INDEX session_by_content ON session(contentDigest);
          """)
      // AUTOINCREMENT: a deleted session's number is never given again (its recording
      // journal, if one was left, must not find a new session).
      if let lastSession {
        try db.execute(
          sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'session'",
          arguments: [lastSession])
        if db.changesCount == 0 {
          try db.execute(
            sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('session', ?)",
            arguments: [lastSession])
        }
      }
      try rebuild(
        "fix", db,
        """
        sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        time REAL,
        latitude REAL,
        longitude REAL,
        altitude REAL,
        horizontalAccuracy REAL,
        verticalAccuracy REAL,
        speed REAL,
        course REAL,
        mode TEXT NOT NULL CHECK (mode IN ('none', '2d', '3d', 'unknown')),
        provider TEXT NOT NULL CHECK (provider IN ('gnss', 'network', 'estimated')),
        satellites INTEGER,
        hdop REAL,
        heartRate REAL,
        cadence REAL,
        deviceDistance REAL,
        segment INTEGER NOT NULL,
        originIndex INTEGER NOT NULL,
        originLine INTEGER,
        verdict TEXT CHECK (verdict <> '' AND verdict NOT GLOB '*[^a-z_]*'),
        PRIMARY KEY (sessionId, seq)
        """, withoutRowID: true)
      // The live track and the display track: one shape, two tables.
      for table in ["trackPoint", "displayPoint"] {
        try rebuild(
          table, db,
          """
          sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
          seq INTEGER NOT NULL CHECK (seq >= 0),
          time REAL,
          latitude REAL NOT NULL,
          longitude REAL NOT NULL,
          altitude REAL,
          speed REAL NOT NULL,
          accuracy REAL,
          segment INTEGER NOT NULL,
          PRIMARY KEY (sessionId, seq)
          """, withoutRowID: true)
      }
      try rebuild(
        "event", db,
        """
        sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 0),
        kind TEXT NOT NULL CHECK (kind <> '' AND kind NOT GLOB '*[^a-zA-Z]*'),
        time REAL NOT NULL,
        detail TEXT,
        PRIMARY KEY (sessionId, seq)
        """, withoutRowID: true)
    }
    migrator.registerMigration("v5: best efforts") { db in
      // What the history's records and totals read instead of the fixes: every session's
      // best efforts and elevation gain (`HistoryFigures`), made here once for every
      // finished session from its stored finished track; nothing else changes. Sessions
      // finished before the finished track was kept get theirs when they are finished
      // again (`completeHistoryFigures`).
      try db.execute(sql: HistoryFigures.schema)
      try HistoryFigures.backfill(db, progress: progress)
    }
    migrator.registerMigration("v6: heart-rate time") { db in
      // The time every session spent at each heart rate (`HeartRateFigures`), which the
      // zones of `sessions show` and `stats` are summed from; made here once for every
      // finished session from its stored fixes and its summary's pauses; nothing else
      // changes.
      try db.execute(sql: HeartRateFigures.schema)
      try HeartRateFigures.backfill(db, progress: progress)
    }
    migrator.registerMigration("v7: multisport sessions") { db in
      // A session whose file holds several sports (a FIT triathlon) is measured as one
      // activity, so its efforts and length are no record of it: the flag leaves it out of
      // the records (`markMultisport`). Sessions kept before are not known and stay in.
      try db.execute(sql: HistoryFigures.multisportColumn)
    }
    migrator.registerMigration("v8: laps") { db in
      // The lap presses of a session, kept as they happen (`LapRow`); the summary's laps
      // are measured from them when the session is finished. Older sessions have none.
      try db.execute(sql: LapRow.schema)
    }
    migrator.registerMigration("v9: device totals") { db in
      // What the device counted for an imported file (`DeviceTotalsRow`): its distance,
      // timer, elapsed time and pauses, which `sessions show` prints beside Strider's.
      // Sessions imported before have none (importing the file again fills them in).
      try db.execute(sql: DeviceTotalsRow.schema)
    }
    migrator.registerMigration("v10: fix power and temperature") { db in
      // A power meter's watts and the device's thermometer, as FIT records carry them.
      // Added at the end of `fix`: `FixRow` reads them by position when they are there, so
      // a database read before this migration ran (locked or read-only) is still read.
      try db.execute(
        sql: """
          ALTER TABLE fix ADD COLUMN power REAL CHECK (power IS NULL OR power >= 0);
          ALTER TABLE fix ADD COLUMN temperature REAL;
          """)
    }
    migrator.registerMigration("v11: fix checks as comparisons") { db in
      try rewriteFixChecks(db)
    }
    migrator.registerMigration("v12: multisport parts") { db in
      // The parts of an imported multisport file (`SessionPartRow`): each part's device
      // figures and Strider's, measured with the part's own activity, which `sessions
      // show` lists. Sessions imported before have none (importing the file again fills
      // them in).
      try db.execute(sql: SessionPartRow.schema)
    }
    migrator.registerMigration("v13: device distance outside positions") { db in
      // What the device counted before its first position and after its last (a wheel
      // sensor while the receiver found satellites), which `sessions show` leaves out of
      // the comparison with Strider's distance. Sessions imported before have none.
      try db.execute(
        sql: """
          ALTER TABLE deviceTotals ADD COLUMN unpositionedDistance REAL
            CHECK (unpositionedDistance IS NULL OR unpositionedDistance >= 0);
          """)
    }
    migrator.registerMigration("v14: device calories") { db in
      // The energy the device says was spent, which `sessions show` prints beside
      // Strider's calories. Sessions imported before have none.
      try db.execute(
        sql: """
          ALTER TABLE deviceTotals ADD COLUMN calories REAL
            CHECK (calories IS NULL OR calories >= 0);
          """)
    }
    return migrator
  }

  /// The fix table's checks of v4, `mode IN (...)` and `provider IN (...)`, and the same
  /// sets written as comparisons.
  ///
  /// SQLite (3.40) runs an IN list of more than two values in a CHECK by building a
  /// temporary table for every row written: two of them a fix, about 3 µs, two thirds of
  /// the instructions a 1M-fix import spent. Comparisons are checked in place.
  static let fixChecks = [
    (
      "CHECK (mode IN ('none', '2d', '3d', 'unknown'))",
      "CHECK (mode = 'none' OR mode = '2d' OR mode = '3d' OR mode = 'unknown')"
    ),
    (
      "CHECK (provider IN ('gnss', 'network', 'estimated'))",
      "CHECK (provider = 'gnss' OR provider = 'network' OR provider = 'estimated')"
    ),
  ]

  /// Replaces the fix table's IN checks with their comparisons in the table's stored
  /// definition, without copying a row: SQLite's ALTER TABLE page allows editing the schema
  /// text for a CHECK that every row already satisfies, and these accept exactly the rows
  /// the old ones did. A definition that does not hold the old text is left as it is.
  private static func rewriteFixChecks(_ db: Database) throws {
    guard
      let definition = try String.fetchOne(
        db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'fix'")
    else { return }
    var rewritten = definition
    for (old, new) in fixChecks where rewritten.contains(old) {
      rewritten = rewritten.replacingOccurrences(of: old, with: new)
    }
    guard rewritten != definition else { return }
    let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
    try db.execute(sql: "PRAGMA writable_schema = ON")
    try db.execute(
      sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'fix'",
      arguments: [rewritten])
    // A new schema version makes every connection read the definition again.
    try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
    try db.execute(sql: "PRAGMA writable_schema = OFF")
    db.clearSchemaCache()
  }

  /// Makes `table` again with `columns` (and their constraints), keeping its rows: a new
  /// table, the rows copied by name, the old one dropped, the new one renamed. A row the
  /// new constraints refuse fails the migration, which then leaves the database as it was.
  /// Used by migrations only, with their own literal table names and columns.
  private static func rebuild(
    _ table: String, _ db: Database, _ columns: String, withoutRowID: Bool = false
  ) throws {
    let names = try db.columns(in: table).map { $0.name.quotedDatabaseIdentifier }
      .joined(separator: ", ")
    let quoted = table.quotedDatabaseIdentifier
    let rebuilt = (table + "_rebuilt").quotedDatabaseIdentifier
    try db.execute(
      sql: """
        CREATE TABLE \(rebuilt) (
        \(columns)
        )\(withoutRowID ? " WITHOUT ROWID" : "");
        INSERT INTO \(rebuilt) (\(names)) SELECT \(names) FROM \(quoted);
        DROP TABLE \(quoted);
        ALTER TABLE \(rebuilt) RENAME TO \(quoted);
        """)
  }
}
