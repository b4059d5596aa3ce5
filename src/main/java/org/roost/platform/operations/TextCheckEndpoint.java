package org.roost.platform.operations;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.TextRules;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * {@code GET /actuator/textcheck} (operators only, like every actuator endpoint but health): the stored users and
 * posts that the text rules of docs/api.md ("Input validation") would refuse today, because they were written
 * before those rules. Such rows keep working (reads, logins, follows; an update that leaves the field alone); the
 * check lists them so an operator can decide what to do. It reads every row, in pages of the primary key, and
 * changes nothing. The tables are read here rather than through the user and post modules: it is an operator's
 * scan of what is stored, which no feature needs.
 */
@Component
@Endpoint(id = "textcheck")
class TextCheckEndpoint {

    /** At most this many findings are listed; the counts go on. */
    static final int LISTED = 1000;
    private static final int PAGE = 500;

    private final JdbcClient jdbc;

    TextCheckEndpoint(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    record Finding(String table, String id, String field, String problem) {
    }

    record Report(@JsonProperty("users_checked") long usersChecked, @JsonProperty("posts_checked") long postsChecked,
            @JsonProperty("rows_found") long rowsFound, boolean truncated, List<Finding> findings) {
    }

    /** One field of a row, with what is wrong with it or {@code null}. */
    private record Checked(String name, @Nullable String problem) {
    }

    private record UserRow(long id, String username, String name) {
    }

    private record PostRow(long id, String title, String body) {
    }

    @ReadOperation
    Report check() {
        Findings findings = new Findings();
        long users = 0;
        long after = 0;
        for (List<UserRow> page = users(after); !page.isEmpty(); page = users(after)) {
            for (UserRow user : page) {
                findings.row("users", user.id(),
                        new Checked("username", TextRules.isUsername(user.username()) ? null : TextRules.USERNAME_MESSAGE),
                        new Checked("name", TextRules.storedProblem(TextRules.Use.NAME, user.name())));
                after = user.id();
            }
            users += page.size();
        }
        long posts = 0;
        after = 0;
        for (List<PostRow> page = posts(after); !page.isEmpty(); page = posts(after)) {
            for (PostRow post : page) {
                findings.row("posts", post.id(),
                        new Checked("title", TextRules.storedProblem(TextRules.Use.TITLE, post.title())),
                        new Checked("body", TextRules.storedProblem(TextRules.Use.BODY, post.body())));
                after = post.id();
            }
            posts += page.size();
        }
        return new Report(users, posts, findings.rows, findings.truncated, List.copyOf(findings.listed));
    }

    private List<UserRow> users(long after) {
        return jdbc.sql("SELECT id, username, name FROM users WHERE id > :after ORDER BY id LIMIT :limit")
                .param("after", after).param("limit", PAGE)
                .query((rs, row) -> new UserRow(rs.getLong("id"), rs.getString("username"), rs.getString("name")))
                .list();
    }

    private List<PostRow> posts(long after) {
        return jdbc.sql("SELECT id, title, body FROM posts WHERE id > :after ORDER BY id LIMIT :limit")
                .param("after", after).param("limit", PAGE)
                .query((rs, row) -> new PostRow(rs.getLong("id"), rs.getString("title"), rs.getString("body")))
                .list();
    }

    /** The rows found so far, and the first {@value #LISTED} of their problems. */
    private static final class Findings {

        final List<Finding> listed = new ArrayList<>();
        long rows;
        boolean truncated;

        void row(String table, long id, Checked... fields) {
            boolean found = false;
            for (Checked field : fields) {
                if (field.problem() == null) {
                    continue;
                }
                found = true;
                if (listed.size() < LISTED) {
                    listed.add(new Finding(table, Long.toString(id), field.name(), field.problem()));
                }
                else {
                    truncated = true;
                }
            }
            rows += found ? 1 : 0;
        }
    }
}
