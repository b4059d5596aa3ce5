package org.roost.graphql;

import java.util.Map;
import java.util.Set;

import graphql.execution.ExecutionStepInfo;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.language.OperationDefinition;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.GraphQLObjectType;
import graphql.schema.SelectedField;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.Caller;
import org.roost.platform.shared.ErrorCode;
import org.roost.platform.shared.Scopes;
import org.springframework.stereotype.Component;

/**
 * The read scopes as one rule on the types rather than on each resolver, so a field added later
 * cannot forget them: every field of a {@code User} but its id needs {@code users:read} (its
 * {@code posts} need {@code posts:read}), every field of a {@code Post} but its id needs
 * {@code posts:read}, however the object was reached ({@code post { author { followers } }} too).
 * Root fields keep the checks of their resolvers, which are the services' rules REST uses.
 *
 * <p>A mutation's answer may also be read with the write scope of what it wrote, as far as the REST answer
 * to the same write shows it: the written post ({@code posts:write}) or profile ({@code users:write}), not
 * the relations of that object (a user's posts, followers, counts), nor anything deeper. So
 * {@code createPost { title }} needs only {@code posts:write}, while {@code follow { name followers }}
 * needs {@code users:read}: REST answers a follow with {@code 204} and nothing else.
 *
 * <p>A caller that holds every read scope passes every such check, so its operation's fields run unwrapped: the
 * check per field fetch (a wrapper per user and per post of a list) was a share of a 50 x 10 query's CPU
 * (docs/performance.md). The caller of an operation does not change while it runs.
 */
@Component
class FieldScopes extends SimplePerformantInstrumentation {

    /** The fields REST shows of a written resource, by type (the id needs no scope at all). */
    private static final Map<String, Set<String>> REPRESENTATION = Map.of(
            "User", Set.of("name", "username", "bio", "createdAt", "login", "avatarUrl", "email", "emailVerified"),
            "Post", Set.of("title", "body", "author", "createdAt", "updatedAt", "likeCount", "inReplyToId", "replyCount",
                    "mentions"));

    /**
     * The mutations whose answer is the resource they wrote, of the caller's own. Others answer with somebody
     * else's object ({@code likePost} with anyone's post, whose REST twin answers {@code 204}), which their write
     * scope must not read.
     */
    private static final Set<String> ANSWER_WHAT_THEY_WROTE = Set.of("createPost", "updatePost", "updateMe");

    /** The write scope whose answer shows what a read scope guards. */
    private static final Map<String, String> WRITE_OF = Map.of(Scopes.USERS_READ, Scopes.USERS_WRITE,
            Scopes.POSTS_READ, Scopes.POSTS_WRITE);

    /** The state of an operation whose caller holds every scope {@link #requiredScope} asks for. */
    private static final InstrumentationState EVERY_READ = new InstrumentationState() {
    };

    private static final Set<String> READ_SCOPES = Set.of(Scopes.USERS_READ, Scopes.POSTS_READ);

    @Override
    public @Nullable InstrumentationState createState(InstrumentationCreateStateParameters parameters) {
        Caller caller = parameters.getExecutionInput().getGraphQLContext().get(ContextKeys.CALLER);
        return caller != null && caller.scopes().containsAll(READ_SCOPES) ? EVERY_READ : null;
    }

    static @Nullable String requiredScope(String type, String field) {
        if (field.equals("id") || field.startsWith("__")) {
            return null;
        }
        return switch (type) {
            case "User" -> field.equals("posts") ? Scopes.POSTS_READ : Scopes.USERS_READ;
            case "Post" -> Scopes.POSTS_READ;
            default -> null;
        };
    }

    /** The scope that also allows the field in the object a mutation answers with, if any. */
    static @Nullable String writeScopeAnswering(String type, String field, String readScope) {
        return REPRESENTATION.getOrDefault(type, Set.of()).contains(field) ? WRITE_OF.get(readScope) : null;
    }

    /**
     * A subscription's selection is checked as the subscription starts. Checked per event instead, a refused field
     * under a non-null parent nulls the subscription's root field, which graphql-java ends the stream for with
     * an internal error; the subscriber never learned which scope it lacked. The root resolver keeps its own check.
     */
    private static void requireNestedScopes(DataFetchingEnvironment environment) {
        Caller caller = environment.getGraphQlContext().get(ContextKeys.CALLER);
        if (caller == null) {
            return; // the root resolver answers UNAUTHENTICATED
        }
        for (SelectedField selected : environment.getSelectionSet().getFields()) {
            for (String type : selected.getObjectTypeNames()) {
                String scope = requiredScope(type, selected.getName());
                if (scope != null) {
                    caller.requireScope(scope);
                }
            }
        }
    }

    @Override
    public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> fetcher, InstrumentationFieldFetchParameters parameters,
            InstrumentationState state) {
        if (state == EVERY_READ) {
            return fetcher;
        }
        ExecutionStepInfo step = parameters.getExecutionStepInfo();
        if (!(step.getObjectType() instanceof GraphQLObjectType parent)) {
            return fetcher;
        }
        if (parent.getName().equals("Subscription")) {
            return environment -> {
                requireNestedScopes(environment);
                return fetcher.get(environment);
            };
        }
        String field = step.getFieldDefinition().getName();
        String scope = requiredScope(parent.getName(), field);
        if (scope == null) {
            return fetcher;
        }
        boolean mutationAnswer = parameters.getExecutionContext().getOperationDefinition().getOperation()
                == OperationDefinition.Operation.MUTATION && step.getPath().getLevel() == 2
                && step.getParent() != null && step.getParent().getFieldDefinition() != null
                && ANSWER_WHAT_THEY_WROTE.contains(step.getParent().getFieldDefinition().getName());
        String writeScope = mutationAnswer ? writeScopeAnswering(parent.getName(), field, scope) : null;
        return environment -> {
            Caller caller = environment.getGraphQlContext().get(ContextKeys.CALLER);
            if (caller == null) {
                throw new ApiException(ErrorCode.UNAUTHENTICATED, ErrorCode.UNAUTHENTICATED.defaultMessage());
            }
            if (writeScope == null || !caller.scopes().contains(writeScope)) {
                caller.requireScope(scope);
            }
            return fetcher.get(environment);
        };
    }
}
