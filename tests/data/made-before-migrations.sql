-- A database as the app made it before it had migrations (db.create_all(), no alembic_version):
-- two score-pad tables played through the app, dumped with sqlite3's iterdump().
BEGIN TRANSACTION;
CREATE TABLE calcada_boards (
	id INTEGER NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	data JSON NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name)
);
CREATE TABLE calcada_scoring_boards (
	id INTEGER NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	data JSON NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name)
);
CREATE TABLE doodle_city_sheets (
	id INTEGER NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	data JSON NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name)
);
CREATE TABLE events (
	id INTEGER NOT NULL, 
	table_id INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	data JSON NOT NULL, 
	"by" VARCHAR(20) NOT NULL, 
	nonce VARCHAR(40), 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (table_id, seq), 
	UNIQUE (table_id, nonce), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "events" VALUES(1,1,1,'{"type": "points", "player": "Anna", "round": 1, "points": 12}','seat','9042d6bf58544f8ea2d02b5a8aada0bb','2026-11-23 16:48:28.826511');
INSERT INTO "events" VALUES(2,1,2,'{"type": "points", "player": "Bence", "round": 1, "points": 7}','seat','adf256256a8845a181bd9cc6c23e10d3','2026-11-23 16:48:28.877067');
INSERT INTO "events" VALUES(3,1,3,'{"type": "points", "player": "Anna", "round": 2, "points": 3}','seat','6ecd6e40335d4ea6a347af6e9da3f712','2026-11-23 16:48:28.909872');
INSERT INTO "events" VALUES(4,1,4,'{"type": "points", "player": "Bence", "round": 2, "points": 15}','seat','71a0288ddf854521ba327110fc744b28','2026-11-23 16:48:28.936519');
INSERT INTO "events" VALUES(5,1,5,'{"type": "points", "player": "Anna", "round": 3, "points": 9}','seat','4e252e532a5048b39ad9c4b6f581cde5','2026-11-23 16:48:28.985254');
INSERT INTO "events" VALUES(6,1,6,'{"type": "points", "player": "Bence", "round": 3, "points": 9}','seat','412f22c175d64990a4c56a1c69d2d0ba','2026-11-23 16:48:29.045524');
INSERT INTO "events" VALUES(7,1,7,'{"type": "undo", "event": 5}','seat',NULL,'2026-11-23 16:48:29.096873');
INSERT INTO "events" VALUES(8,2,1,'{"type": "points", "player": "Endre", "round": 1, "points": 20}','host','2ab5e0a4c6424a07b2f2e2b995eac874','2026-11-23 16:48:29.164443');
CREATE TABLE seats (
	id INTEGER NOT NULL, 
	table_id INTEGER NOT NULL, 
	position INTEGER NOT NULL, 
	name VARCHAR(40) NOT NULL, 
	secret_hash VARCHAR(64), 
	PRIMARY KEY (id), 
	UNIQUE (table_id, position), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "seats" VALUES(1,1,0,'Anna','f09e1a43c83d166313aff4b5728f14572370ff302ee8e7ea4d6a4a215de8f8cc');
INSERT INTO "seats" VALUES(2,1,1,'Bence','e1ddd49c0180ff539659228fedc9bd3b5297db9ca327d110b24e4fe43a0ded9b');
INSERT INTO "seats" VALUES(3,1,2,'Csilla',NULL);
INSERT INTO "seats" VALUES(4,2,0,'Dora',NULL);
INSERT INTO "seats" VALUES(5,2,1,'Endre',NULL);
CREATE TABLE tables (
	id INTEGER NOT NULL, 
	code VARCHAR(8) NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	options JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	version INTEGER NOT NULL, 
	host_hash VARCHAR(64), 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES(1,'KCMEP','score-pad','{"lowest_wins": false}','2026-11-23 16:48:28.703455',9,'725fad249cac0c630acf0b1f04ca0f73510ce570f1b12a60793780cbe8a8f4f4');
INSERT INTO "tables" VALUES(2,'J3HEY','score-pad','{"lowest_wins": false}','2026-11-23 16:48:29.126974',1,'17366d4db8f64ec832158e6fd374eb91cf745ca25a92d357c2f39d61b533f547');
CREATE UNIQUE INDEX ix_tables_code ON tables (code);
CREATE INDEX ix_seats_table_id ON seats (table_id);
CREATE INDEX ix_events_table_id ON events (table_id);
COMMIT;
