package org.roost.graphql;

import java.util.List;

import graphql.GraphQLContext;
import graphql.GraphQLError;
import graphql.Scalars;
import graphql.execution.AbortExecutionException;
import graphql.execution.ExecutionStepInfo;
import graphql.execution.MergedField;
import graphql.execution.ResultPath;
import graphql.language.Field;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.DataFetchingEnvironmentImpl;
import org.junit.jupiter.api.Test;
import org.roost.platform.shared.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

class ApiErrorResolverTest {

    private static DataFetchingEnvironment field(String name) {
        return DataFetchingEnvironmentImpl.newDataFetchingEnvironment()
                .graphQLContext(GraphQLContext.newContext().of(ContextKeys.REQUEST_ID, "r").build())
                .mergedField(MergedField.newMergedField(Field.newField(name).build()).build())
                .executionStepInfo(ExecutionStepInfo.newExecutionStepInfo().type(Scalars.GraphQLString)
                        .path(ResultPath.parse("/" + name)).build())
                .build();
    }

    @Test
    void answersAFieldCancelledAtTheDeadlineAsOverBudget() {
        // when: graphql-java cancels a pending field at the operation's deadline
        List<GraphQLError> errors = new ApiErrorResolver()
                .resolveException(new AbortExecutionException("Execution has been asked to be cancelled"), field("user"))
                .block();

        // then: the contract's refusal, not an internal error
        assertThat(errors).hasSize(1);
        assertThat(GraphQlErrors.code(errors.getFirst())).isEqualTo(ErrorCode.QUERY_TOO_COMPLEX);
        assertThat(errors.getFirst().getMessage()).contains("time budget");
        assertThat(errors.getFirst().getPath()).containsExactly("user");
    }

    @Test
    void stillAnswersAnUnexpectedFailureAsInternal() {
        // when
        List<GraphQLError> errors = new ApiErrorResolver().resolveException(new IllegalStateException("boom"), field("user"))
                .block();

        // then: no detail of the failure reaches the client
        assertThat(errors).hasSize(1);
        assertThat(GraphQlErrors.code(errors.getFirst())).isEqualTo(ErrorCode.INTERNAL_ERROR);
        assertThat(errors.getFirst().getMessage()).doesNotContain("boom");
    }
}
