package org.roost.social.timelines;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.support.GeneratedUsers;
import org.roost.support.RepositorySliceOnPostgres;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trim's statements on PostgreSQL, with 2,000 feeds of 100 rows and five of 3,000, at the default cap (800,
 * trimmed past 1,000), EXPLAIN ANALYZEd: each is driven by a primary key, reads a bounded number of index entries
 * per owner, and neither sorts nor scans a table.
 */
@RepositorySliceOnPostgres
// Committed, as the service's own statements are: the plans are those of settled tables (VACUUM needs no transaction)
@Transactional(propagation = Propagation.NOT_SUPPORTED)
class FeedTrimPlanTest {

    private static final int CAP = 800;
    private static final int MARK = 1_000;
    private static final int ROWS = 1_000;

    @Autowired
    JdbcClient jdbc;

    @Test
    void findsAndTrimsFeedsOverTheCapByIndexRangesWithoutCountingThem() {
        // given
        List<Long> ids = GeneratedUsers.insert(jdbc, "trim", 2000);
        long first = ids.getFirst();
        long heavy = ids.get(100);
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT o, o * 10000 + n, o "
                + "FROM generate_series(:first, :last) o, generate_series(1, 100) n")
                .param("first", first).param("last", ids.getLast()).update();
        jdbc.sql("INSERT INTO feed_entries (owner_id, post_id, author_id) SELECT o, o * 10000 + n, o "
                + "FROM generate_series(:heavy, :heavy + 4) o, generate_series(101, 3000) n").param("heavy", heavy).update();
        // as autovacuum leaves a table that has settled: the visibility map set, so the index-only reads stay
        // index-only (on a table never vacuumed the planner prefers a bitmap of the owner's whole range). Users too:
        // the classes before this one on the shared service update users' rows (counters, timeline modes, a repair),
        // and a users table full of recent updates made the planner read a bitmap of users instead of the primary key.
        jdbc.sql("VACUUM ANALYZE users").update();
        jdbc.sql("VACUUM ANALYZE feed_entries").update();

        // when
        String owners = plan(FeedTrimRepository.OWNERS_AFTER.replace(":after", Long.toString(first - 1))
                .replace(":count", "200"));
        String over = plan(FeedTrimRepository.OVER.replace(":after", Long.toString(first - 1))
                .replace(":upTo", Long.toString(first + 199)).replace(":cap", Integer.toString(CAP))
                .replace(":mark", Integer.toString(MARK)));
        long floor = heavy * 10000 + 3000 - CAP;
        String raise = plan(FeedTrimRepository.RAISE_FLOOR.replace(":floor", Long.toString(floor))
                .replace(":owner", Long.toString(heavy)));
        String trim = plan(FeedTrimRepository.TRIM.replace(":owner", Long.toString(heavy))
                .replace(":floor", Long.toString(floor)).replace(":rows", Integer.toString(ROWS)));

        // then
        for (String plan : List.of(owners, over, raise)) {
            assertThat(plan).as(plan).doesNotContain("Seq Scan").doesNotContain("Sort").doesNotContain("Bitmap");
        }
        // the trim's delete may read its range as a bitmap of the primary key: the range is the 1,000 rows it deletes
        assertThat(trim).as(trim).doesNotContain("Seq Scan").doesNotContain("Sort")
                .doesNotContain("feed_entries_owner_id_author_id_idx").doesNotContain("feed_entries_author_id");
        assertThat(owners).containsPattern("Index Only Scan using users_pkey on users\\s+\\(cost=[^)]*\\) \\(actual rows=200 loops=1\\)");
        // 200 owners, each read backwards from its newest row: at most 1,001 entries, 100 for most, never 3,000
        assertThat(over).containsPattern("Index Scan using users_pkey on users u\\s+\\(cost=[^)]*\\) \\(actual rows=5 loops=1\\)")
                .contains("Index Only Scan Backward using feed_entries_pkey on feed_entries e")
                .doesNotContainPattern("actual rows=\\d{4,}\\.?\\d* loops=1\\)\\s*\\n\\s*Index Cond: \\(owner_id = u\\.id\\)");
        assertThat(raise).contains("Index Scan using users_pkey on users");
        assertThat(trim).contains("Index Only Scan using feed_entries_pkey on feed_entries")
                .containsPattern("on feed_entries(_pkey on feed_entries)?\\s+\\(cost=[^)]*\\) \\(actual rows=1000 loops=1\\)\\s*\\n\\s*"
                        + "(Recheck|Index) Cond: \\(\\(owner_id = \\d+\\) AND \\(post_id <= \\(?(\\$0|InitPlan 1)")
                .containsPattern("Delete on feed_entries\\s+\\(cost=[^)]*\\) \\(actual rows=0 loops=1\\)");
        System.out.println("Trim plans at the default cap:\n" + owners + "\n\n" + over + "\n\n" + raise + "\n\n" + trim);
    }

    private String plan(String statement) {
        return String.join("\n", jdbc.sql("EXPLAIN (ANALYZE, COSTS, TIMING OFF) " + statement).query(String.class).list());
    }
}
