package org.roost.graphql.transport;

import java.time.Duration;

import graphql.schema.DataFetcher;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.graphql.execution.DefaultExecutionGraphQlService;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.graphql.server.webmvc.GraphQlRequestPredicates;
import org.springframework.graphql.server.webmvc.GraphQlSseHandler;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import reactor.core.publisher.Flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * Why {@code /graphql} is not Spring for GraphQL's own {@link GraphQlHttpHandler} and {@link GraphQlSseHandler}
 * (2.0): each test pins a behaviour of those handlers that Roost's contract rules out, and that Roost's transports
 * ({@link GraphQlHttpEndpoint}, {@link GraphQlSse}) do otherwise (their tests: {@code GraphQlHttpTest},
 * {@code GraphQlSseTest}). When a Spring for GraphQL upgrade makes one of these fail, the gap it pins has closed and
 * the custom code beside it can go (docs/api.md, "How the transports are built").
 */
class FrameworkTransportGapsTest {

    private static final String SCHEMA = """
            type Query { hello: String }
            type Subscription { ticks: Int }
            """;

    private final WebGraphQlHandler graphQl = WebGraphQlHandler.builder(new DefaultExecutionGraphQlService(
            GraphQlSource.schemaResourceBuilder().schemaResources(new ByteArrayResource(SCHEMA.getBytes()))
                    .configureRuntimeWiring(wiring -> wiring
                            .type("Query", type -> type.dataFetcher("hello", (DataFetcher<String>) env -> "hi"))
                            .type("Subscription", type -> type.dataFetcher("ticks", env -> Flux.never())))
                    .build())).build();

    private final MockMvc mvc = MockMvcBuilders.routerFunctions(RouterFunctions.route()
            .POST("/graphql", GraphQlRequestPredicates.graphQlSse("/graphql"),
                    new GraphQlSseHandler(graphQl, Duration.ofMinutes(1), Duration.ofSeconds(15))::handleRequest)
            .POST("/graphql", new GraphQlHttpHandler(graphQl)::handleRequest)
            .build()).build();

    @Test
    void frameworkHttpHandlerServesNoGet() {
        // given a GET with a query, as GraphQL over HTTP allows (Roost answers it: GraphQlHttpTest.answersQueriesOverGet)
        MockHttpServletRequest get = new MockHttpServletRequest("GET", "/graphql");
        get.setParameter("query", "{ hello }");
        get.addHeader("Accept", "application/graphql-response+json");

        // when the framework's route predicate judges it
        boolean routed = GraphQlRequestPredicates.graphQlHttp("/graphql").test(ServerRequest.create(get, java.util.List.of()));

        // then the framework has no route for it
        assertThat(routed).isFalse();
    }

    @Test
    void frameworkHttpHandlerAnswersUnreadableJsonWith400EvenToLegacyJsonClients() throws Exception {
        // when a legacy application/json client sends a body that is not JSON (Roost: 200, the error in the body)
        MvcResult result = mvc.perform(post("/graphql").contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON).content("{not json")).andReturn();

        // then the framework answers 400 with no GraphQL error body
        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        assertThat(result.getResponse().getContentAsString()).doesNotContain("\"errors\"");
    }

    @Test
    void frameworkSseHandlerSendsNothingUntilTheFirstEventOrKeepAlive() throws Exception {
        // when a subscription with no event yet is opened (Roost sends status and headers at once:
        // GraphQlSseTest.sendsStatusAndHeadersAtOnceThenHeartbeatComments)
        MvcResult result = mvc.perform(post("/graphql").contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.TEXT_EVENT_STREAM).content("{\"query\":\"subscription { ticks }\"}")).andReturn();

        // then nothing at all has been written: the client cannot tell a subscription that is set up from a stalled one
        // until the keep-alive interval has passed
        assertThat(result.getRequest().isAsyncStarted()).isTrue();
        assertThat(result.getResponse().getContentAsByteArray()).isEmpty();
        assertThat(result.getResponse().isCommitted()).isFalse();
    }

    @Test
    void frameworkSseHandlerRefusesQueries() throws Exception {
        // when a query is sent as an event stream (graphql-sse allows any operation; Roost answers it as one 'next')
        MvcResult started = mvc.perform(post("/graphql").contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.TEXT_EVENT_STREAM).content("{\"query\":\"{ hello }\"}")).andReturn();
        String body = mvc.perform(asyncDispatch(started)).andReturn().getResponse().getContentAsString();

        // then the framework answers with an error instead of the data
        assertThat(body).contains("SSE handler supports only subscriptions").doesNotContain("\"hi\"");
    }
}
