import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ListMetaDto } from '../common/pagination.dto';
import { RuntimeUserView } from './runtime-views';

export class AddParticipantBody {
  @ApiProperty({ maxLength: 200, description: 'User to add to the conversation' })
  @IsString()
  @MaxLength(200)
  userId: string;
}

/** A participant is shown as the user it is. */
export class RuntimeParticipantResponse {
  @ApiProperty({ type: RuntimeUserView }) participant: RuntimeUserView;
}

export class ListParticipantsResponse {
  @ApiProperty({ type: [RuntimeUserView] }) participants: RuntimeUserView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
