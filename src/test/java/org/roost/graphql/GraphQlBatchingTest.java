package org.roost.graphql;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

@LiveGraphQlTest
class GraphQlBatchingTest {

    private static final String PAGE = "query($first: Int!) { users(first: $first) { id posts { title author { id } } "
            + "followers { id } following { id } followerCount } }";

    @Autowired
    MockMvcTester mvc;

    @Test
    void loadsAPageOfUsersWithPostsAndFollowersInAConstantNumberOfStatements() {
        // given: users with posts, following each other
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login first = api.newUser("batch");
        for (int i = 0; i < 6; i++) {
            ApiClient.Login user = api.newUser("batch");
            api.createPost(user, "p" + i);
            new GraphQlClient(mvc).post(user, "mutation($id: ID!) { follow(userId: $id) { id } }",
                    java.util.Map.of("id", String.valueOf(first.userId())));
        }

        // when
        long small = statementsFor(first, 2);
        long large = statementsFor(first, 40);

        // then: users, posts, authors, followers (edges + users), following (edges + users), counts: a bound that
        // does not grow with the page (a small page may need fewer, when its users happen to have no posts)
        assertThat(small).isLessThanOrEqualTo(8);
        assertThat(large).isLessThanOrEqualTo(8);
    }

    @Test
    void answersTheAuthorOfPostsReachedThroughTheirAuthorWithoutAStatement() {
        // given: users with posts
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login reader = api.newUser("parent");
        for (int i = 0; i < 3; i++) {
            api.createPost(api.newUser("parent"), "q" + i);
        }
        GraphQlClient graphQl = new GraphQlClient(mvc);
        String withoutAuthors = "{ users(first: 100) { name posts(first: 3) { title } } }";
        String withAuthors = "{ users(first: 100) { name posts(first: 3) { title author { name } } } }";
        graphQl.post(reader, withAuthors, java.util.Map.of());

        // when
        long before = StatementCounter.count();
        graphQl.post(reader, withoutAuthors, java.util.Map.of());
        long plain = StatementCounter.count() - before;
        before = StatementCounter.count();
        JsonNode body = GraphQlClient.body(graphQl.post(reader, withAuthors, java.util.Map.of()));
        long authored = StatementCounter.count() - before;

        // then: the same statements, and each post's author is the user it was listed under
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        assertThat(authored).isEqualTo(plain);
        int posts = 0;
        for (JsonNode user : body.get("data").get("users")) {
            for (JsonNode post : user.get("posts")) {
                assertThat(post.get("author").get("name").asString()).isEqualTo(user.get("name").asString());
                posts++;
            }
        }
        assertThat(posts).isGreaterThanOrEqualTo(3);
    }

    @Test
    void givesEachUserOfAListAndOfTheListsBelowItTheirOwnPosts() {
        // given: two authors, each followed by a follower with posts of their own
        ApiClient api = new ApiClient(mvc);
        GraphQlClient graphQl = new GraphQlClient(mvc);
        java.util.List<String> authors = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ApiClient.Login author = api.newUser("listed");
            ApiClient.Login follower = api.newUser("below");
            api.createPost(author, "by author " + author.userId());
            api.createPost(follower, "by follower " + follower.userId());
            graphQl.post(follower, "mutation($id: ID!) { follow(userId: $id) { id } }",
                    java.util.Map.of("id", String.valueOf(author.userId())));
            authors.add(String.valueOf(author.userId()));
        }
        String page = "query($ids: [ID!]!) { usersById(ids: $ids) { id posts(first: 5) { title author { id } } "
                + "followers(first: 2) { id posts(first: 5) { title author { id } } } } }";

        // when: the authors' posts load for the whole list; the followers' (a list below, not the same users) must not
        // be answered from it
        ApiClient.Login asker = api.newUser("asker");
        long before = StatementCounter.count();
        JsonNode body = GraphQlClient.body(graphQl.post(asker, page, java.util.Map.of("ids", authors)));
        long statements = StatementCounter.count() - before;

        // then: every post listed under its own author, and one statement for the posts of each level
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        JsonNode users = body.get("data").get("usersById");
        assertThat(users).hasSize(2);
        for (JsonNode user : users) {
            assertThat(user.get("posts")).singleElement().satisfies(post -> {
                assertThat(post.get("title").asString()).isEqualTo("by author " + user.get("id").asString());
                assertThat(post.get("author").get("id").asString()).isEqualTo(user.get("id").asString());
            });
            assertThat(user.get("followers")).singleElement().satisfies(follower ->
                    assertThat(follower.get("posts")).singleElement().satisfies(post -> {
                        assertThat(post.get("title").asString()).isEqualTo("by follower " + follower.get("id").asString());
                        assertThat(post.get("author").get("id").asString()).isEqualTo(follower.get("id").asString());
                    }));
        }
        // users, their posts, followers (edges + users), the followers' posts
        assertThat(statements).isLessThanOrEqualTo(5);
    }

    @Test
    void loadsAUserWithTheFirstPageOfTheirPostsInOneStatement() {
        // given: an author with three posts, a user without any
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("preloaded");
        ApiClient.Login silent = api.newUser("silent");
        java.util.List<Long> written = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            written.add(api.createPost(author, "pre" + i));
        }
        GraphQlClient graphQl = new GraphQlClient(mvc);
        String query = "query($id: ID!) { user(id: $id) { name posts(first: 2) { id title author { name } } } }";

        // when
        long before = StatementCounter.count();
        JsonNode body = GraphQlClient.body(graphQl.post(author, query, java.util.Map.of("id", String.valueOf(author.userId()))));
        long statements = StatementCounter.count() - before;
        before = StatementCounter.count();
        JsonNode none = GraphQlClient.body(graphQl.post(author, query, java.util.Map.of("id", String.valueOf(silent.userId()))));
        long statementsForNone = StatementCounter.count() - before;
        JsonNode missing = GraphQlClient.body(graphQl.post(author, query, java.util.Map.of("id", "999999999")));

        // then: the user and their newest two posts, newest first, each with its author, from one statement
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        JsonNode user = body.at("/data/user");
        assertThat(user.get("posts")).extracting(post -> post.get("id").asString())
                .containsExactly(String.valueOf(written.get(2)), String.valueOf(written.get(1)));
        assertThat(user.get("posts")).allSatisfy(post ->
                assertThat(post.at("/author/name").asString()).isEqualTo(user.get("name").asString()));
        assertThat(statements).isEqualTo(1);
        // a user without posts still answers, with none; no user answers null
        assertThat(none.has("errors")).as(none.toString()).isFalse();
        assertThat(none.at("/data/user/name").asString()).isNotEmpty();
        assertThat(none.at("/data/user/posts")).isEmpty();
        assertThat(statementsForNone).isEqualTo(1);
        assertThat(missing.has("errors")).as(missing.toString()).isFalse();
        assertThat(missing.at("/data/user").isNull()).as(missing.toString()).isTrue();
    }

    @Test
    void givesEachSelectionOfAUsersPostsItsOwnPage() {
        // given: an author with three posts
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("paged");
        java.util.List<Long> written = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            written.add(api.createPost(author, "page" + i));
        }
        GraphQlClient graphQl = new GraphQlClient(mvc);
        String id = String.valueOf(author.userId());

        // when: two pages under aliases, and a page after a cursor (neither comes with the user)
        JsonNode aliased = GraphQlClient.body(graphQl.post(author, "query($id: ID!) { user(id: $id) { "
                + "newest: posts(first: 1) { id } two: posts(first: 2) { id } } }", java.util.Map.of("id", id)));
        JsonNode after = GraphQlClient.body(graphQl.post(author, "query($id: ID!, $after: String) { user(id: $id) { "
                + "posts(first: 5, after: $after) { id } } }", java.util.Map.of("id", id, "after", String.valueOf(written.get(2)))));

        // then: each selection gets its own page
        assertThat(aliased.has("errors")).as(aliased.toString()).isFalse();
        assertThat(aliased.at("/data/user/newest")).extracting(post -> post.get("id").asString())
                .containsExactly(String.valueOf(written.get(2)));
        assertThat(aliased.at("/data/user/two")).extracting(post -> post.get("id").asString())
                .containsExactly(String.valueOf(written.get(2)), String.valueOf(written.get(1)));
        assertThat(after.has("errors")).as(after.toString()).isFalse();
        assertThat(after.at("/data/user/posts")).extracting(post -> post.get("id").asString())
                .containsExactly(String.valueOf(written.get(1)), String.valueOf(written.get(0)));
    }

    @Test
    void loadsTheLikesOfAPageOfPostsInAConstantNumberOfStatements() {
        // given: an author with posts, each liked by the reader and another
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("liked");
        ApiClient.Login reader = api.newUser("liker");
        ApiClient.Login other = api.newUser("liker");
        GraphQlClient graphQl = new GraphQlClient(mvc);
        for (int i = 0; i < 6; i++) {
            long post = api.createPost(author, "l" + i);
            for (ApiClient.Login liker : java.util.List.of(reader, other)) {
                graphQl.post(liker, "mutation($id: ID!) { likePost(postId: $id) { id } }",
                        java.util.Map.of("id", String.valueOf(post)));
            }
        }
        String page = "query($id: ID!, $first: Int!) { user(id: $id) { posts(first: $first) { likeCount likedByMe "
                + "likes { username } } } }";

        // when
        long[] statements = new long[2];
        JsonNode body = null;
        int[] sizes = { 2, 6 };
        for (int i = 0; i < sizes.length; i++) {
            long before = StatementCounter.count();
            body = GraphQlClient.body(graphQl.post(reader, page, java.util.Map.of("id", String.valueOf(author.userId()),
                    "first", sizes[i])));
            statements[i] = StatementCounter.count() - before;
        }

        // then: user, posts, likedByMe, likers (edges + users): the same for 2 posts as for 6, and every answer right
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        assertThat(statements[1]).isEqualTo(statements[0]).isLessThanOrEqualTo(6);
        assertThat(body.get("data").get("user").get("posts")).hasSize(6).allSatisfy(post -> {
            assertThat(post.get("likeCount").asInt()).isEqualTo(2);
            assertThat(post.get("likedByMe").asBoolean()).isTrue();
            assertThat(post.get("likes")).hasSize(2);
        });
    }

    @Test
    void loadsTheThreadFieldsOfAPageOfPostsInAConstantNumberOfStatements() {
        // given: an author whose posts each answer a post of another's and have two replies
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("threaded");
        ApiClient.Login other = api.newUser("answerer");
        GraphQlClient graphQl = new GraphQlClient(mvc);
        String create = "mutation($to: ID) { createPost(input: {title: \"t\", inReplyTo: $to}) { id } }";
        for (int i = 0; i < 6; i++) {
            String root = String.valueOf(api.createPost(other, "root" + i));
            String mine = GraphQlClient.body(graphQl.post(author, create, java.util.Map.of("to", root)))
                    .at("/data/createPost/id").asString();
            for (int r = 0; r < 2; r++) {
                graphQl.post(other, create, java.util.Map.of("to", mine));
            }
        }
        String page = "query($id: ID!, $first: Int!) { user(id: $id) { posts(first: $first) { replyCount inReplyToId "
                + "mentions { username } inReplyTo { id } ancestors { id } replies(first: 5) { id } } } }";

        // when
        long[] statements = new long[2];
        JsonNode body = null;
        int[] sizes = { 2, 6 };
        for (int i = 0; i < sizes.length; i++) {
            long before = StatementCounter.count();
            body = GraphQlClient.body(graphQl.post(other, page, java.util.Map.of("id", String.valueOf(author.userId()),
                    "first", sizes[i])));
            statements[i] = StatementCounter.count() - before;
        }

        // then: user, posts, parents, ancestors, replies: the same for 2 posts as for 6, and every answer right
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        assertThat(statements[1]).isEqualTo(statements[0]).isLessThanOrEqualTo(5);
        assertThat(body.get("data").get("user").get("posts")).hasSize(6).allSatisfy(post -> {
            assertThat(post.get("replyCount").asInt()).isEqualTo(2);
            assertThat(post.get("replies")).hasSize(2);
            assertThat(post.get("inReplyTo").get("id").asString()).isEqualTo(post.get("inReplyToId").asString());
            assertThat(post.get("ancestors")).hasSize(1);
        });
    }

    private long statementsFor(ApiClient.Login login, int pageSize) {
        long before = StatementCounter.count();
        var result = new GraphQlClient(mvc).post(login, PAGE, java.util.Map.of("first", pageSize));
        long statements = StatementCounter.count() - before;
        JsonNode body = GraphQlClient.body(result);
        assertThat(body.has("errors")).as(body.toString()).isFalse();
        assertThat(body.get("data").get("users").size()).isGreaterThanOrEqualTo(Math.min(pageSize, 7));
        return statements;
    }
}
