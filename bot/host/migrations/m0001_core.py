"""Games, seats and the append-only action log."""

from bot.host.migrations import to_postgresql

SQL = """
CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    host_id        INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'lobby'
                   CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    config         TEXT    NOT NULL,            -- JSON: GameConfig fields (players and seed fixed at start)
    engine_version TEXT    NOT NULL,
    state          TEXT,                        -- JSON of engine.GameState; NULL while in the lobby
    version        INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at     REAL    NOT NULL,
    updated_at     REAL    NOT NULL,
    CHECK (status = 'lobby' OR status = 'cancelled' OR state IS NOT NULL)
);

-- One open game (lobby or active) per channel; any number per server.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    position  INTEGER NOT NULL CHECK (position BETWEEN 0 AND 3),  -- seating order, 0 first
    user_id   INTEGER,                   -- the Discord user who owns the seat; NULL for an AI seat
    ai_level  TEXT,                      -- set while an AI plays the seat (an AI seat, or a seat handed to an AI)
    name      TEXT    NOT NULL,          -- the engine's player name, fixed at start
    colour    TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, position),
    UNIQUE (game_id, colour),
    UNIQUE (game_id, name),
    CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE action_log (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seq           INTEGER NOT NULL CHECK (seq >= 1),
    kind          TEXT    NOT NULL CHECK (kind IN ('action', 'undo')),
    seat          INTEGER NOT NULL,     -- the seat that acted (the seat taken back for an undo row)
    actor         TEXT    NOT NULL,     -- 'user:<id>', 'ai:<level>' or 'skip:<id>'
    action        TEXT    NOT NULL,     -- the action text as the engine spells it; '' for an undo row
    undo_from     INTEGER,              -- undo rows only: every action with seq >= undo_from is taken back
    events        TEXT    NOT NULL DEFAULT '[]',   -- JSON list of the engine events the action caused
    version_after INTEGER NOT NULL,
    created_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, seq),
    CHECK ((kind = 'undo') = (undo_from IS NOT NULL))
) WITHOUT ROWID;

-- The log is append-only and gap-free.
CREATE TRIGGER action_log_no_update BEFORE UPDATE ON action_log
BEGIN
    SELECT RAISE(ABORT, 'action_log is append-only');
END;

CREATE TRIGGER action_log_no_delete BEFORE DELETE ON action_log
BEGIN
    SELECT RAISE(ABORT, 'action_log is append-only');
END;

CREATE TRIGGER action_log_no_gap BEFORE INSERT ON action_log
WHEN NEW.seq != (SELECT COALESCE(MAX(seq), 0) + 1 FROM action_log WHERE game_id = NEW.game_id)
BEGIN
    SELECT RAISE(ABORT, 'action_log sequence must grow by one');
END;
"""

# PostgreSQL: the tables translate; the triggers are PL/pgSQL functions (raising integrity errors, as SQLite's
# RAISE(ABORT) does).
POSTGRESQL = to_postgresql(SQL[: SQL.index("-- The log is append-only")]) + """
-- The log is append-only and gap-free.
CREATE FUNCTION action_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'action_log is append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER action_log_no_update BEFORE UPDATE ON action_log
FOR EACH ROW EXECUTE FUNCTION action_log_append_only();

CREATE TRIGGER action_log_no_delete BEFORE DELETE ON action_log
FOR EACH ROW EXECUTE FUNCTION action_log_append_only();

CREATE FUNCTION action_log_check_gap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seq <> (SELECT COALESCE(MAX(seq), 0) + 1 FROM action_log WHERE game_id = NEW.game_id) THEN
        RAISE EXCEPTION 'action_log sequence must grow by one' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER action_log_no_gap BEFORE INSERT ON action_log
FOR EACH ROW EXECUTE FUNCTION action_log_check_gap();
"""
