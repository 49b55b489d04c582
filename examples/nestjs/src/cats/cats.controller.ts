import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Query,
  Res,
  StreamableFile,
  UnsupportedMediaTypeException,
  UploadedFile,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from "@nestjs/common";
import { FileInterceptor } from "@nestjs/platform-express";
import type { Response } from "express";
import { Roles, RolesGuard } from "../common/roles.guard";
import { CatNotFoundFilter } from "../common/cat-not-found.filter";
import { CatsService } from "./cats.service";
import { CreateCatDto, UpdateCatDto } from "./dto/create-cat.dto";
import { ListCatsQuery } from "./dto/list-cats.query";
import { PhotoDto } from "./dto/photo.dto";

@Controller("cats")
@UseFilters(CatNotFoundFilter)
export class CatsController {
  constructor(private readonly cats: CatsService) {}

  @Get()
  list(@Query() query: ListCatsQuery) {
    return this.cats.list(query);
  }

  @Get(":id")
  get(@Param("id", ParseIntPipe) id: number) {
    return this.cats.get(id);
  }

  @Post()
  create(@Body() dto: CreateCatDto) {
    return this.cats.create(dto);
  }

  @Patch(":id")
  @UseGuards(RolesGuard)
  @Roles("editor", "admin")
  update(@Param("id", ParseIntPipe) id: number, @Body() dto: UpdateCatDto) {
    return this.cats.update(id, dto);
  }

  @Delete(":id")
  @UseGuards(RolesGuard)
  @Roles("admin")
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param("id", ParseIntPipe) id: number) {
    this.cats.remove(id);
  }

  @Post(":id/photo")
  @UseInterceptors(
    FileInterceptor("photo", {
      limits: { fileSize: 64 * 1024, files: 1 },
      fileFilter: (req, file, callback) => {
        if (file.mimetype.startsWith("image/")) callback(null, true);
        else callback(new UnsupportedMediaTypeException(`${file.mimetype} is not an image`), false);
      },
    }),
  )
  upload(
    @Param("id", ParseIntPipe) id: number,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() dto: PhotoDto,
  ) {
    if (!file) throw new UnsupportedMediaTypeException("photo is required");
    const { originalname, mimetype, size, buffer } = file;
    this.cats.setPhoto(id, { originalname, mimetype, size, buffer, caption: dto.caption });
    return { id, originalname, mimetype, size, caption: dto.caption ?? null };
  }

  @Get(":id/photo")
  photo(@Param("id", ParseIntPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const photo = this.cats.getPhoto(id);
    res.attachment(photo.originalname);
    return new StreamableFile(photo.buffer, { type: photo.mimetype, length: photo.size });
  }
}
