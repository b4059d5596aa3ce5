package org.roost.social.post.fields;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import graphql.TrivialDataFetcher;
import graphql.execution.DataFetcherResult;
import graphql.execution.ExecutionStepInfo;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.GraphQLTypeUtil;
import graphql.schema.idl.RuntimeWiring;

import org.roost.platform.shared.PageArguments;
import org.roost.social.post.PostService;
import org.roost.social.post.PostSummary;
import org.roost.platform.shared.Preloaded;
import org.roost.platform.shared.Siblings;
import org.roost.identity.user.UserService;
import org.roost.identity.user.UserSummary;
import org.springframework.graphql.execution.BatchLoaderRegistry;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code User.posts} and {@code Post.author}, the two fields a list of users with their posts resolves once per
 * user and once per post, as plain data fetchers rather than controller methods: no argument resolution, no
 * reflection, and a post reached through its author's {@code posts} answers {@code author} from that parent
 * without a query (the list carries its user as graphql-java's local context). Elsewhere ({@code post(id)},
 * {@code feed}, a mutation's answer) authors load in one batch per response. The scopes are checked by
 * {@code graphql.FieldScopes}, as for every field of a user or post; profiles and figures: docs/performance.md.
 */
@Component
class PostFields implements RuntimeWiringConfigurer {

    static final String AUTHORS = "postAuthors";

    private final PostService posts;

    PostFields(BatchLoaderRegistry registry, UserService users, PostService posts) {
        this.posts = posts;
        registry.<Long, UserSummary>forName(AUTHORS).registerMappedBatchLoader((ids, env) -> Mono.fromCallable(() ->
                byId(users.findAll(List.copyOf(ids)))));
    }

    @Override
    public void configure(RuntimeWiring.Builder wiring) {
        wiring.type("User", type -> type.dataFetcher("posts", this::posts));
        TrivialDataFetcher<Object> author = PostFields::author;
        wiring.type("Post", type -> type.dataFetcher("author", author));
    }

    /**
     * A user of a list that says who else is in it ({@link Siblings}: {@code users}, {@code usersById}) loads the posts
     * of the whole list on the first call, synchronously, with no DataLoader. Batched when the user is one of another
     * list (one statement for the page of users); a user reached on its own
     * ({@code user(id)}, {@code me}) has nobody to share a batch with, so its posts load at once, without the
     * DataLoader's queue, dispatch and futures; {@code user(id)} usually brought them along already
     * ({@link PostsWithTheirAuthor}).
     */
    private Object posts(DataFetchingEnvironment env) {
        UserSummary user = env.getSource();
        var key = new PostBatches.Key(user.id(), PageArguments.of(env.getArgument("first"), env.getArgument("after")));
        if (env.getLocalContext() instanceof Preloaded preloaded) {
            Optional<Object> page = preloaded.valueFor(user, key); // loaded with the user (PostsWithTheirAuthor)
            if (page.isPresent()) {
                @SuppressWarnings("unchecked")
                List<PostSummary> posts = (List<PostSummary>) page.get();
                return withAuthor(posts, user);
            }
        }
        if (key.page().afterId() == null && env.getLocalContext() instanceof Siblings<?> listed
                && listed.holds(user)) {
            // the first user of the list loads the page of every user in it; the others answer from that, at once
            Map<Long, List<PostSummary>> pages = listed.loadOnce(key.page(), page -> newestOf(listed, page.limit()));
            return withAuthor(pages.getOrDefault(user.id(), List.of()), user);
        }
        if (!inList(env.getExecutionStepInfo())) {
            return withAuthor(PostBatches.load(posts, java.util.Set.of(key)).get(key), user);
        }
        return env.<PostBatches.Key, List<PostSummary>>getDataLoader(PostBatches.USER_POSTS).load(key)
                .thenApply(page -> withAuthor(page, user));
    }

    /** The newest {@code limit} posts of each user of the list, by author: one statement (per 50 authors). */
    private Map<Long, List<PostSummary>> newestOf(Siblings<?> listed, int limit) {
        List<Long> authors = listed.items().stream().map(item -> ((UserSummary) item).id()).distinct().toList();
        return posts.newestByAuthors(authors, limit).stream().collect(Collectors.groupingBy(PostSummary::authorId));
    }

    private static DataFetcherResult<List<PostSummary>> withAuthor(List<PostSummary> page, UserSummary user) {
        return DataFetcherResult.<List<PostSummary>>newResult().data(page).localContext(user).build();
    }

    /** Whether a field runs once per item of some list above it (so once for many parents). */
    private static boolean inList(ExecutionStepInfo step) {
        for (ExecutionStepInfo above = step.getParent(); above != null; above = above.getParent()) {
            if (GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(above.getType()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Trivial in graphql-java's sense (no I/O of its own: the parent, or a key for the batch), so Spring does not wrap
     * it in its context restore, which set and reset the thread's context for each of 500 posts; the batch loader
     * gets the operation's context from the DataLoader, not from this thread.
     */
    private static Object author(DataFetchingEnvironment env) {
        PostSummary post = env.getSource();
        if (env.getLocalContext() instanceof UserSummary parent && parent.id() == post.authorId()) {
            return parent;
        }
        return env.<Long, UserSummary>getDataLoader(AUTHORS).load(post.authorId());
    }

    static Map<Long, UserSummary> byId(List<UserSummary> users) {
        return users.stream().collect(Collectors.toMap(UserSummary::id, Function.identity()));
    }
}
