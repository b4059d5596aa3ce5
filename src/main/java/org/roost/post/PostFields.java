package org.roost.post;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import graphql.execution.DataFetcherResult;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.idl.RuntimeWiring;

import org.roost.shared.PageArguments;
import org.roost.user.UserService;
import org.roost.user.UserSummary;
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

    PostFields(BatchLoaderRegistry registry, UserService users) {
        registry.<Long, UserSummary>forName(AUTHORS).registerMappedBatchLoader((ids, env) -> Mono.fromCallable(() ->
                byId(users.findAll(List.copyOf(ids)))));
    }

    @Override
    public void configure(RuntimeWiring.Builder wiring) {
        wiring.type("User", type -> type.dataFetcher("posts", PostFields::posts));
        wiring.type("Post", type -> type.dataFetcher("author", PostFields::author));
    }

    private static Object posts(DataFetchingEnvironment env) {
        UserSummary user = env.getSource();
        var key = new PostBatches.Key(user.id(), PageArguments.of(env.getArgument("first"), env.getArgument("after")));
        return env.<PostBatches.Key, List<PostSummary>>getDataLoader(PostBatches.USER_POSTS).load(key)
                .thenApply(page -> DataFetcherResult.<List<PostSummary>>newResult().data(page).localContext(user).build());
    }

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
