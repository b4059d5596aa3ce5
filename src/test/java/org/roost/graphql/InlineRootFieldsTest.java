package org.roost.graphql;

import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;
import org.springframework.graphql.data.method.HandlerMethod;
import org.springframework.graphql.data.method.annotation.MutationMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.graphql.data.method.annotation.SubscriptionMapping;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;

class InlineRootFieldsTest {

    @SuppressWarnings("unused")
    static class Fields {
        @QueryMapping
        String user() {
            return "";
        }

        @MutationMapping
        String updateMe() {
            return "";
        }

        @SchemaMapping(typeName = "User")
        String email() {
            return "";
        }

        @SubscriptionMapping
        Flux<String> postCreated() {
            return Flux.empty();
        }
    }

    private static HandlerMethod method(String name) throws NoSuchMethodException {
        Method method = Fields.class.getDeclaredMethod(name);
        return new HandlerMethod(new Fields(), method);
    }

    @Test
    void runsTheRootFieldsOfQueriesAndMutationsOnTheirOperationsThread() throws Exception {
        assertThat(InlineRootFields.handedOver(method("user"))).isFalse();
        assertThat(InlineRootFields.handedOver(method("updateMe"))).isFalse();
    }

    @Test
    void handsOverABlockingFieldOfAnObjectTypeWhichASubscriptionsEventMayReach() throws Exception {
        assertThat(InlineRootFields.handedOver(method("email"))).isTrue();
    }

    @Test
    void leavesAReactiveMethodAlone() throws Exception {
        assertThat(InlineRootFields.handedOver(method("postCreated"))).isFalse();
    }
}
