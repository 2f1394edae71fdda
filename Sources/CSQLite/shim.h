// Wrappers for the few SQLite entry points Swift cannot call directly.
//
// `sqlite3_db_config` is variadic, and Swift does not import C variadic functions,
// so each option this project sets gets a small fixed-signature wrapper here.
// https://www.sqlite.org/c3ref/db_config.html

#ifndef MOVIES_CSQLITE_SHIM_H
#define MOVIES_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Turns double-quoted string literals off for DDL or DML (`SQLITE_DBCONFIG_DQS_DDL`/`_DML`).
/// With them off, `"Heat"` is always an identifier and a typo in a column name is an error,
/// not a silently stored string. https://www.sqlite.org/quirks.html#dblquote
static inline int movies_sqlite3_db_config_int(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}

/// `SQLITE_TRANSIENT` is a macro casting -1 to a function pointer, which Swift cannot import.
/// Binding with it makes SQLite copy the bytes before `sqlite3_bind_*` returns.
static inline void (*movies_sqlite3_transient(void))(void *) {
    return SQLITE_TRANSIENT;
}

/// Turns SQLite's memory statistics on or off (`SQLITE_CONFIG_MEMSTATUS`); `sqlite3_config` is
/// variadic too. Only before SQLite initialises: afterwards it returns `SQLITE_MISUSE` and changes
/// nothing. https://www.sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus
static inline int movies_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}

#endif
