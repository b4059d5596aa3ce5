package org.roost.social.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.QueryPlans;
import org.roost.support.RequiresServices;
import org.springframework.jdbc.core.simple.JdbcClient;

/** EXPLAIN of every paged and batched posts statement, against 200,000 posts under one author. */
@ExtendWith(RequiresServices.class)
class PostQueryPlanTest {

    @Test
    void pagesAndBatchesReadOnlyTheRowsTheyReturn() throws Exception {
        // given a prolific author whose posts are older than everyone else's
        QueryPlans plans = QueryPlans.shared();
        JdbcClient jdbc = JdbcClient.create(plans.dataSource());
        PostRepository posts = new PostRepository(jdbc, plans.dataSource());

        // when the first, a deep and a small author's pages, and a batch of newest posts are read
        List<PostSummary> first = posts.pageByAuthor(QueryPlans.PROLIFIC_AUTHOR, null, 21);
        List<PostSummary> deep = posts.pageByAuthor(QueryPlans.PROLIFIC_AUTHOR, (long) QueryPlans.PROLIFIC_POSTS / 2, 21);
        posts.pageByAuthor(50, null, 21);
        List<PostSummary> batch = posts.newestByAuthors(
                LongStream.rangeClosed(1, 60).boxed().toList(), 10);

        // then the pages hold the newest posts, and no statement scans or sorts more than its page
        assertThat(first).hasSize(21).allMatch(p -> p.authorId() == QueryPlans.PROLIFIC_AUTHOR);
        assertThat(first.getFirst().id()).isEqualTo(QueryPlans.PROLIFIC_POSTS);
        assertThat(deep.getFirst().id()).isEqualTo(QueryPlans.PROLIFIC_POSTS / 2 - 1);
        assertThat(batch).hasSize(600);
        assertThat(batch.subList(0, 10)).extracting(PostSummary::id)
                .containsExactlyElementsOf(LongStream.iterate(QueryPlans.PROLIFIC_POSTS, id -> id - 1).limit(10).boxed().toList());
        assertThat(plans.statements()).isEqualTo(4); // 60 authors: one statement on PostgreSQL (an array of keys)
        assertThat(plans.problems()).isEmpty();
    }
}
