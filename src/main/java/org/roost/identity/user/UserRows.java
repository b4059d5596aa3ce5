package org.roost.identity.user;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;

/**
 * A user's row as {@link UserSummary} reads it. Public so that another module's statement can load a user beside
 * its own rows in one round trip ({@link UserFieldPreload}); what the row holds stays this module's to say.
 */
public final class UserRows {

    private static final String COLUMNS = "id, username, name, bio, created_at, updated_at";

    private UserRows() {
    }

    /**
     * The users the condition selects, with whether each has an avatar (so that no client needs to probe for one):
     * the columns {@code id, username, name, bio, created_at, updated_at, has_avatar}, which {@link #map} reads.
     * The condition, with any order and limit, runs first in a derived table: the avatar check is then one primary
     * key probe per row returned, where a check beside a page's range scan is planned for the whole range (a scan
     * of every avatar).
     */
    public static String select(String condition) {
        return "SELECT u.id, u.username, u.name, u.bio, u.created_at, u.updated_at, "
                + "EXISTS (SELECT 1 FROM avatars a WHERE a.user_id = u.id) AS has_avatar "
                + "FROM (SELECT " + COLUMNS + " FROM users WHERE " + condition + ") u";
    }

    /** The user of the current row of a statement that selected {@link #select}'s columns. */
    public static UserSummary map(ResultSet rs) throws SQLException {
        return new UserSummary(rs.getLong("id"), rs.getString("username"), rs.getString("name"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant(), rs.getBoolean("has_avatar"),
                rs.getString("bio"));
    }
}
