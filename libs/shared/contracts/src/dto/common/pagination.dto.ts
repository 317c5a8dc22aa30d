import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class PageQueryDto {
  @ApiPropertyOptional({ description: "Token of the next page, from the previous page's `meta.nextToken`" })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  nextToken?: string;
}

export class SizedPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize?: number;
}

export class ListMetaDto {
  @ApiPropertyOptional({ description: 'Absent on the last page' })
  nextToken?: string;
}
