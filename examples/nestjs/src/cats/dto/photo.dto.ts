import { IsOptional, IsString, MaxLength } from "class-validator";

export class PhotoDto {
  @IsOptional()
  @IsString()
  @MaxLength(80)
  caption?: string;
}
