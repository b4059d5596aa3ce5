package org.roost.graphql.documentlimits;

import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import graphql.language.Argument;
import graphql.language.ArrayValue;
import graphql.language.Field;
import graphql.language.IntValue;
import graphql.language.StringValue;
import graphql.language.Value;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLTypeUtil;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.PageRequest;
import org.roost.social.notification.NotificationService;
import org.roost.social.post.PostService;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every list field of the schema declares how many items it can answer ({@code @bound}), and the cost counts at
 * least that many when the client asks for the most: a list added without a bound, or with one below what its
 * fetcher serves, fails here rather than letting a cheap-looking query answer megabytes (issue 47).
 */
class ListBoundsTest {

    /** What the code serves at most, by field; a sizing argument ({@code first}, {@code ids}) at most a full page. */
    private static final Map<String, Integer> SERVED = Map.of(
            "Post.ancestors", PostService.MAX_ANCESTORS,
            "Notification.actors", NotificationService.SHOWN_ACTORS,
            "Post.mentions", mentionsMax());

    @Test
    void everyListFieldIsCostedAtWhatItCanServe() {
        GraphQLSchema schema = schema();
        List<String> lists = new ArrayList<>();
        for (GraphQLObjectType type : schema.getAllTypesAsList().stream()
                .filter(GraphQLObjectType.class::isInstance).map(GraphQLObjectType.class::cast)
                .filter(type -> !type.getName().startsWith("__")).toList()) {
            for (GraphQLFieldDefinition field : type.getFieldDefinitions()) {
                if (!GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(field.getType()))) {
                    continue;
                }
                String name = type.getName() + "." + field.getName();
                lists.add(name);
                ListBound bound = ListBound.of(field);
                assertThat(bound).as("%s declares @bound", name).isNotNull();
                int served = bound.by() == null ? SERVED.getOrDefault(name, Integer.MAX_VALUE) : PageRequest.MAX_LIMIT;
                assertThat(bound.max()).as("%s's bound against what its fetcher serves", name).isGreaterThanOrEqualTo(served);

                // asked for the most, the cost counts every item; asked for nothing, what the field then serves
                Field asked = new Field(field.getName(), bound.by() == null ? List.of() : List.of(new Argument(bound.by(),
                        largest(field.getArgument(bound.by()).getType()))));
                assertThat(QueryLimits.listSize(asked, field, Map.of())).as("%s asked for the most", name)
                        .isGreaterThanOrEqualTo(served);
                long unasked = QueryLimits.listSize(new Field(field.getName()), field, Map.of());
                if (bound.by() == null) {
                    assertThat(unasked).as("%s", name).isEqualTo(bound.max());
                }
                else {
                    assertThat(field.getArgument(bound.by())).as("%s's sizing argument", name).isNotNull();
                    assertThat(unasked).as("%s without %s", name, bound.by()).isPositive();
                }
            }
        }
        // the walk reached the lists it is about (a schema that failed to load would pass vacuously)
        assertThat(lists).contains("Query.postsById", "Post.ancestors", "Query.usersById", "Notification.actors",
                "User.followers", "Post.mentions");
    }

    @Test
    void theThreadQueryOfIssue47CostsWhatItServes() {
        // postsById(100 ids) { ancestors { id title body } } was costed 1 + 20 x (1 + 20 x 3) = 1,221 points
        GraphQLSchema schema = schema();
        GraphQLFieldDefinition postsById = schema.getQueryType().getFieldDefinition("postsById");
        GraphQLFieldDefinition ancestors = ((GraphQLObjectType) schema.getType("Post")).getFieldDefinition("ancestors");

        long ids = QueryLimits.listSize(new Field("postsById", List.of(new Argument("ids", hundredIds()))), postsById, Map.of());
        long chain = QueryLimits.listSize(new Field("ancestors"), ancestors, Map.of());

        assertThat(1 + ids * (1 + chain * 3)).isEqualTo(30_101);
    }

    private static Value<?> largest(graphql.schema.GraphQLInputType type) {
        return GraphQLTypeUtil.isList(GraphQLTypeUtil.unwrapNonNull(type)) ? hundredIds()
                : IntValue.of(PageRequest.MAX_LIMIT);
    }

    private static ArrayValue hundredIds() {
        return ArrayValue.newArrayValue().values(IntStream.rangeClosed(1, PageRequest.MAX_LIMIT)
                .mapToObj(i -> (Value) StringValue.of(String.valueOf(i))).toList()).build();
    }

    /** {@code social.post.Mentions.MAX}, which that module keeps to itself. */
    private static int mentionsMax() {
        try {
            var max = Class.forName("org.roost.social.post.Mentions").getDeclaredField("MAX");
            max.setAccessible(true);
            return max.getInt(null);
        }
        catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static GraphQLSchema schema() {
        TypeDefinitionRegistry registry = new TypeDefinitionRegistry();
        try {
            for (Resource file : new PathMatchingResourcePatternResolver().getResources("classpath:graphql/**/*.graphqls")) {
                try (var reader = new InputStreamReader(file.getInputStream(), StandardCharsets.UTF_8)) {
                    registry.merge(new SchemaParser().parse(reader));
                }
            }
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return UnExecutableSchemaGenerator.makeUnExecutableSchema(registry);
    }
}
