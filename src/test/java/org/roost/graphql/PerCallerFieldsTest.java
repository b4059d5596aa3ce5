package org.roost.graphql;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.roost.platform.shared.Caller;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

class PerCallerFieldsTest {

    /** Resolvers that take the caller only to check its scopes, which are part of every sharing key. */
    private static final Set<String> SCOPES_ONLY = Set.of("Subscription.postCreated", "User.posts");

    @Test
    void accountsForEveryResolverASubscriptionCanReachThatLooksAtTheCaller() throws Exception {
        // given every field of a subscription or of an object type whose resolver takes the caller
        Set<String> readingTheCaller = new TreeSet<>();
        var scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(Controller.class));
        for (var candidate : scanner.findCandidateComponents("org.roost")) {
            Class<?> controller = ClassUtils.forName(candidate.getBeanClassName(), getClass().getClassLoader());
            for (Method method : controller.getDeclaredMethods()) {
                if (Arrays.asList(method.getParameterTypes()).contains(Caller.class)) {
                    String field = reachableField(method);
                    if (field != null) {
                        readingTheCaller.add(field);
                    }
                }
            }
        }

        // then each is either listed as per-caller (never shared between callers) or known to check scopes only
        assertThat(readingTheCaller).isNotEmpty().allSatisfy(field -> assertThat(
                SCOPES_ONLY.contains(field) || PerCallerFields.NAMES.contains(field.substring(field.indexOf('.') + 1)))
                .as("%s reads the caller: list it in PerCallerFields.NAMES, or here if it only checks scopes", field)
                .isTrue());
    }

    /** Type.field for a subscription root field or a field of an object type; null for queries and mutations. */
    private static String reachableField(Method method) {
        if (method.getAnnotation(SubscriptionMapping.class) instanceof SubscriptionMapping mapping) {
            return "Subscription." + first(mapping.name(), mapping.value(), method.getName());
        }
        if (method.getAnnotation(SchemaMapping.class) instanceof SchemaMapping mapping && !mapping.typeName().isEmpty()) {
            return mapping.typeName() + "." + first(mapping.field(), mapping.value(), method.getName());
        }
        if (method.getAnnotation(BatchMapping.class) instanceof BatchMapping mapping) {
            return mapping.typeName() + "." + first(mapping.field(), mapping.value(), method.getName());
        }
        return null;
    }

    private static String first(String... names) {
        return Arrays.stream(names).filter(name -> !name.isEmpty()).findFirst().orElseThrow();
    }
}
